//! What slicing costs: `rows` of a large matrix should cost the rows it returns, not the matrix.
//!
//! `cargo bench --bench slices` evaluates one block of 100 statements, each concatenating 40
//! one-row slices `rows(x, i, i + 1)` of a 1024×1024 input, and prints how long it takes to
//! finish or to stop at the work limit (issue 41's target: under 0.5 s), and the same for the
//! subscript forms `x[i]` and `x[i:i + 1]`. Not a test: timings belong in benchmarks.

use std::time::Instant;

use worked::compute::lang::{evaluate, Value};

/// The block: `s0 = concat(rows(x, 0, 1), …)` through `s99`, each of `slice(i)` for 40 rows.
fn block(slice: impl Fn(usize) -> String) -> String {
    (0..100)
        .map(|statement| {
            let parts: Vec<String> = (0..40).map(|k| slice((statement + k) % 1024)).collect();
            format!("s{statement} = concat({})", parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How one slice of row `i` is written.
type Form = fn(usize) -> String;

fn main() {
    let entries: Vec<f64> = (0..1024 * 1024).map(|k| (k % 97) as f64 / 97.0).collect();
    let inputs = vec![(
        "x".to_string(),
        Value::Matrix(ndarray::Array2::from_shape_vec((1024, 1024), entries).expect("shape")),
    )];
    let forms: [(&str, Form); 3] = [
        ("rows(x, i, i + 1)", |i| format!("rows(x, {i}, {})", i + 1)),
        ("x[i:i + 1]", |i| format!("x[{i}:{}]", i + 1)),
        ("x[i:i + 1, :]", |i| format!("x[{i}:{}, :]", i + 1)),
    ];
    for (name, form) in forms {
        let program = block(form);
        let start = Instant::now();
        let outcome = match evaluate(&program, &inputs) {
            Ok(_) => "finished".to_string(),
            Err(error) => format!("stopped: {}", error.message),
        };
        println!(
            "100 statements of 40 × {name} on 1024×1024: {:.3} s ({outcome})",
            start.elapsed().as_secs_f64()
        );
    }
}
