//! Differential test: the widget's labels of a value (`labels` in `static/js/compute-lang.js`)
//! must be the build's (`Labels::quantity` in `src/compute/computed.rs`), on random shapes
//! (numbers, vectors, matrices, square or not), the block's `rows` and `cols` of fitting length or
//! not, and each `[labels]` entry: none, a side word, or names of the value's own for one side or
//! both, fitting or not (as after a reader's edit changed the value's length).
//!
//! Without Node the test cannot run: it fails when `CI=true` and otherwise skips loudly.

use crate::common::SplitMix64;
use serde_json::{json, Value};
use worked::compute::computed::{LabelSides, Labels, Side};
use worked::compute::lang::Value as LangValue;
use worked::compute::Quantity;

/// Names "a1", "a2", … of `count`, or none.
fn names(rng: &mut SplitMix64, prefix: &str, count: usize) -> Option<Vec<String>> {
    (rng.range(0, 3) > 0).then(|| (1..=count).map(|i| format!("{prefix}{i}")).collect())
}

#[test]
fn the_widget_labels_every_value_as_the_build_does() {
    let Some(node) = crate::common::Node::for_differential(
        "labels_differential",
        "The widget's labels of values against the Rust core",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0x001a_be15);
    let mut named = 0;
    let cases: Vec<Value> = (0..3000)
        .map(|_| {
            let (n, m) = (rng.range(1, 4), rng.range(1, 4));
            let value = match rng.range(0, 4) {
                0 => LangValue::Scalar(1.0),
                1 => LangValue::Vector(ndarray::Array1::zeros(m)),
                _ => LangValue::Matrix(ndarray::Array2::zeros((n, m))),
            };
            // The block's lists, fitting this value's sides or another's.
            let mut near = |prefix| {
                let count = if rng.range(0, 1) == 0 { n } else { m };
                names(&mut rng, prefix, count)
            };
            let (rows, cols) = (near("r"), near("c"));
            let sides = match rng.range(0, 5) {
                0 => None,
                1 => Some(LabelSides::Side(Side::Rows)),
                2 => Some(LabelSides::Side(Side::Cols)),
                3 => Some(LabelSides::Side(Side::None)),
                _ => {
                    // Of the value's length, or one off it.
                    let (own_n, own_m) = (
                        rng.range(n.max(2) - 1, n + 1),
                        rng.range(m.max(2) - 1, m + 1),
                    );
                    Some(LabelSides::Own {
                        rows: names(&mut rng, "own", own_n),
                        cols: names(&mut rng, "mine", own_m),
                    })
                }
            };
            let labels = Labels {
                rows: rows.clone(),
                cols: cols.clone(),
                sides: sides.iter().map(|s| ("v".to_string(), s.clone())).collect(),
            };
            let expected = match labels.quantity("v", &value) {
                Quantity::Matrix {
                    row_labels,
                    col_labels,
                    ..
                } => json!({ "rows": row_labels, "cols": col_labels }),
                Quantity::Vector { labels, .. } => json!({ "rows": null, "cols": labels }),
                _ => json!({ "rows": null, "cols": null }),
            };
            if expected != json!({ "rows": null, "cols": null }) {
                named += 1;
            }
            let value = match &value {
                LangValue::Scalar(x) => json!(x),
                LangValue::Vector(v) => json!(v.to_vec()),
                LangValue::Matrix(m) => {
                    json!(m.rows().into_iter().map(|r| r.to_vec()).collect::<Vec<_>>())
                }
            };
            json!({
                "input": { "value": value, "rows": rows, "cols": cols, "sides": sides },
                "expected": expected,
            })
        })
        .collect();
    assert!(
        named > 1000 && named < 2800,
        "the cases mix named and numbered sides: {named} of 3000 named"
    );
    node.differential("labels-differential.mjs", &cases);
}
