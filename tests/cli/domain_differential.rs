//! Differential test: the widget's check of an input's domain (`inside` in
//! `static/js/compute-widget.js`) must admit exactly what the build's `Domain::contains`
//! (`src/expand/blocks/domain.rs`) admits, on random domains of every form an author writes
//! (bounds open or closed on either side or none, whole numbers, a choice) and values at and
//! around their edges, non-finite ones included.
//!
//! Without Node the test cannot run: it fails when `CI=true` and otherwise skips loudly.

use crate::common::SplitMix64;
use serde_json::{json, Value};
use worked::expand::blocks::domain::Domain;

/// A domain as the page's JSON holds it.
fn random_domain(rng: &mut SplitMix64) -> Value {
    if rng.range(0, 4) == 0 {
        let choice: Vec<f64> = (0..rng.range(2, 5)).map(|_| rng.authored_entry()).collect();
        return json!({ "choice": choice, "integer": false });
    }
    let mut domain = json!({ "integer": rng.range(0, 1) == 1 });
    let low = rng.authored_entry();
    if rng.range(0, 2) > 0 {
        domain["min"] = json!(low);
        domain["exclusive_min"] = json!(rng.range(0, 1) == 1);
    }
    if rng.range(0, 2) > 0 {
        domain["max"] = json!(low + rng.range(0, 6) as f64 / 2.0);
        domain["exclusive_max"] = json!(rng.range(0, 1) == 1);
    }
    domain
}

/// A value to try: a bound or a choice itself, just beside it, a whole or arbitrary number, or
/// a value no domain admits.
fn random_value(rng: &mut SplitMix64, domain: &Value) -> Value {
    let edges: Vec<f64> = ["min", "max"]
        .iter()
        .filter_map(|key| domain[*key].as_f64())
        .chain(
            domain["choice"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_f64),
        )
        .collect();
    let edge = |rng: &mut SplitMix64| edges[rng.range(0, edges.len() - 1)];
    match rng.range(0, 6) {
        0 if !edges.is_empty() => json!(edge(rng)),
        1 if !edges.is_empty() => json!(edge(rng) + 1e-9),
        2 if !edges.is_empty() => json!(edge(rng) - 0.5),
        3 => json!(["NaN", "Infinity", "-Infinity"][rng.range(0, 2)]),
        4 => json!(rng.range(0, 8) as f64 - 4.0),
        _ => json!(rng.authored_entry()),
    }
}

fn number(x: &Value) -> f64 {
    match x.as_str() {
        Some("NaN") => f64::NAN,
        Some("Infinity") => f64::INFINITY,
        Some("-Infinity") => f64::NEG_INFINITY,
        _ => x.as_f64().expect("a number"),
    }
}

#[test]
fn the_widget_admits_exactly_the_values_the_build_admits() {
    let Some(node) = crate::common::Node::for_differential(
        "domain_differential",
        "The widget's check of input domains against the Rust core",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0xd0_3a17);
    let cases: Vec<Value> = (0..3000)
        .map(|_| {
            let domain = random_domain(&mut rng);
            let x = random_value(&mut rng, &domain);
            let expected = Domain::from_json(&domain).contains(number(&x));
            json!({ "input": { "domain": domain, "x": x }, "expected": expected })
        })
        .collect();
    let admitted = cases.iter().filter(|case| case["expected"] == true).count();
    assert!(
        admitted > 300 && admitted < 2700,
        "the cases mix values inside and outside: {admitted} of 3000 inside"
    );
    node.differential("domain-differential.mjs", &cases);
}
