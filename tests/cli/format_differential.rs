//! Differential test: the reader-side number formatting (`static/js/worked-format.js`) must print
//! every number exactly as the Rust formatter (`worked::present::format_number`) does, by the
//! book's one number rule: random values of every magnitude (ties, exact integers, −0, values at
//! the scientific thresholds, subnormals, ±∞) at every kind of precision, in prose and LaTeX;
//! and whole vectors and matrices, which print every entry at the one precision they share.
//!
//! Without Node the test cannot run: it fails when `CI=true` and otherwise skips loudly.

use crate::common::SplitMix64;
use serde_json::{json, Value};
use worked::present::{format_compact, format_number, Precision, Style};

/// A value of the kind that stresses one part of the rule.
fn random_value(rng: &mut SplitMix64) -> f64 {
    let sign = if rng.range(0, 1) == 0 { 1.0 } else { -1.0 };
    let magnitude = match rng.range(0, 7) {
        // Integers, small and around the grouping and scientific thresholds.
        0 => rng.range(0, 20) as f64,
        1 => (rng.log_uniform(1.0, 1e12)).round(),
        // Exact binary ties at a few decimals (k / 2^j).
        2 => rng.range(0, 4000) as f64 / f64::from(1u32 << rng.range(1, 6)),
        // Everything from the tiny to the huge.
        3 => rng.log_uniform(1e-12, 1e15),
        // Near the thresholds 1e-4 and 1e9, and near a rounding to the next power of ten.
        4 => [1e-4, 1e9, 1.0, 10.0][rng.range(0, 3)] * (1.0 + (rng.unit() - 0.5) * 1e-6),
        5 => 999_999_999.0 + rng.unit(),
        6 => rng.unit() * 10.0,
        _ => rng.log_uniform(1e-300, 1e300),
    };
    sign * magnitude
}

fn random_precision(rng: &mut SplitMix64) -> Precision {
    match rng.range(0, 3) {
        0 => Precision::Decimals(rng.range(0, 6)),
        1 => Precision::Significant(rng.range(1, 7)),
        2 => Precision::Computed(rng.range(0, 6)),
        _ => Precision::AsWritten,
    }
}

fn precision_json(precision: Precision) -> Value {
    let (kind, n) = match precision {
        Precision::Decimals(n) => ("dp", n),
        Precision::Significant(n) => ("sf", n),
        Precision::Computed(n) => ("computed", n),
        Precision::AsWritten => ("written", 0),
    };
    json!({ "kind": kind, "n": n })
}

fn style_json(style: Style) -> &'static str {
    if style == Style::Latex {
        "latex"
    } else {
        "prose"
    }
}

fn case(value: f64, precision: Precision, style: Style) -> Value {
    json!({
        "input": {
            "bits": value.to_bits().to_string(),
            "precision": precision_json(precision),
            "style": style_json(style),
        },
        "expected": { "text": format_number(value, precision, style) },
    })
}

/// One vector (a single row) or matrix, printed as a table prints it: every entry at the
/// precision the whole array shares.
fn array_case(rows: &[Vec<f64>], precision: Precision, style: Style) -> Value {
    let shared = precision.shared_by(rows.iter().flatten().copied());
    let bits: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|value| value.to_bits().to_string())
                .collect()
        })
        .collect();
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|value| format_number(*value, shared, style))
                .collect()
        })
        .collect();
    json!({
        "input": { "values": bits, "precision": precision_json(precision), "style": style_json(style) },
        "expected": { "texts": texts },
    })
}

/// A small array whose entries are often all whole, sometimes one not, sometimes masked (−∞).
fn random_array(rng: &mut SplitMix64) -> Vec<Vec<f64>> {
    let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
    let mostly_whole = rng.range(0, 1) == 0;
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| match rng.range(0, 9) {
                    0 => f64::NEG_INFINITY,
                    1 if !mostly_whole => random_value(rng),
                    _ => rng.range(0, 12) as f64 - 6.0,
                })
                .collect()
        })
        .collect()
}

#[test]
fn javascript_prints_numbers_exactly_as_the_rust_formatter() {
    let Some(node) = crate::common::Node::for_differential(
        "format_differential",
        "The reader-side number formatting against the Rust formatter",
    ) else {
        return;
    };
    let edges = [
        0.0,
        -0.0,
        0.125,
        2.5,
        1e-4,
        9.9995e-5,
        1e9,
        999_999_999.999_6,
        1_048_576.0,
        9_007_199_254_740_992.0,
        5e-324,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let mut rng = SplitMix64(0x0f0_12ab);
    let mut cases = Vec::new();
    for value in edges {
        for precision in [
            Precision::Decimals(3),
            Precision::Significant(4),
            Precision::Computed(3),
            Precision::AsWritten,
        ] {
            cases.push(case(value, precision, Style::Prose));
            cases.push(case(value, precision, Style::Latex));
        }
    }
    for _ in 0..6000 {
        let style = if rng.range(0, 1) == 0 {
            Style::Prose
        } else {
            Style::Latex
        };
        cases.push(case(
            random_value(&mut rng),
            random_precision(&mut rng),
            style,
        ));
    }
    for _ in 0..600 {
        let style = if rng.range(0, 1) == 0 {
            Style::Prose
        } else {
            Style::Latex
        };
        let precision = if rng.range(0, 3) == 0 {
            random_precision(&mut rng)
        } else {
            Precision::Computed(rng.range(0, 5))
        };
        cases.push(array_case(&random_array(&mut rng), precision, style));
    }
    // A contour legend's compact numbers (prose): the book's decimals below 10⁴, three
    // significant figures in scientific notation from there.
    let compact_edges = [
        9_999.4,
        9_999.999_6,
        1e4,
        99_950.0,
        956_933.474,
        -6_942_155.366,
    ];
    let random_compact: Vec<f64> = (0..600).map(|_| random_value(&mut rng)).collect();
    for value in edges.into_iter().chain(compact_edges).chain(random_compact) {
        let decimals = rng.range(0, 5);
        cases.push(json!({
            "input": {
                "bits": value.to_bits().to_string(),
                "precision": { "kind": "compact", "n": decimals },
                "style": "prose",
            },
            "expected": { "text": format_compact(value, decimals) },
        }));
    }
    cases.push(array_case(
        &[vec![4.0, 0.5], vec![f64::NEG_INFINITY, 2.0]],
        Precision::Computed(3),
        Style::Prose,
    ));
    node.differential("format-differential.mjs", &cases);
}
