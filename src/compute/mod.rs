//! Pure numerical core: every number a reader sees is computed here.
//!
//! Stage: evaluation. The site layer reads an example block's TOML into one of the `*Input`
//! structs, fills the kind's template program ([`kind::KindInput::template`]), runs that text
//! ([`kind::KindInput::run`]: the run read through the kind's table, a [`kind::KindRun`]) and
//! writes the same text into the widget's data; it wraps the run in [`Evaluated`], and later
//! resolves references with [`Evaluated::quantity`], [`Quantity::select`] and [`ops::apply`].
//! Input: plain Rust values and `ndarray` arrays. Output: runs that serialize to the
//! `eval --json` objects, [`Quantity`] values, or a [`ComputeError`] naming the input key at
//! fault.
//! Must not: touch the file system, parse Markdown or TOML, render math or templates, or
//! produce NaN/∞ from finite inputs. The crate's layering test (`src/layering.rs`) keeps the
//! import list honest.

pub mod attention;
pub mod computed;
mod error;
pub mod gradient_descent;
pub mod graph;
pub mod kind;
pub mod lang;
pub mod ops;
pub mod quantity;
pub mod softmax;
mod template;
pub mod vary;
pub mod vectors;

pub use error::{empty_list, not_finite, positive, too_many, ComputeError};
pub use quantity::{Index, Quantity};
pub use template::KindProgram;

use serde::Serialize;

/// Most tokens (or vectors, or points) one example may have; beyond it a page would be
/// unreadable and evaluation slow, so the author gets a clear error instead.
pub const MAX_TOKENS: usize = 512;
/// Largest matrix dimension (embedding width, projection width, logits, …) an example may use.
pub const MAX_DIM: usize = 1024;

/// One evaluated example of any kind: what references and `eval --json` read. Both are a
/// program's run; a built-in kind's is read through its table.
#[derive(Debug, Clone, PartialEq)]
pub enum Evaluated {
    /// A ```` ```compute ```` block: a program's inputs and steps.
    Compute(computed::Computed),
    /// A built-in kind's block: its template program's run, read through the kind's table.
    Kind(kind::KindRun),
}

impl Evaluated {
    /// The block's kind as written in its info string (and as the `kind` key in JSON).
    pub fn kind(&self) -> &'static str {
        match self {
            Evaluated::Compute(_) => "compute",
            Evaluated::Kind(example) => example.table.kind,
        }
    }

    /// The quantity a reference names, or `None` if this example has no such quantity.
    pub fn quantity(&self, name: &str) -> Option<Quantity> {
        match self {
            Evaluated::Compute(result) => result.quantity(name),
            Evaluated::Kind(result) => result.quantity(name),
        }
    }

    /// The quantities the author wrote rather than the core computed, in reading order: what
    /// an example's card shows, and what prints as written (`1`, not `1.000`).
    pub fn input_names(&self) -> Vec<String> {
        match self {
            Evaluated::Compute(result) => result.input_names(),
            Evaluated::Kind(result) => result.input_names(),
        }
    }

    /// Whether the quantity `name` is one the author wrote (see [`Evaluated::input_names`]).
    pub fn is_input(&self, name: &str) -> bool {
        self.input_names().iter().any(|input| input == name)
    }

    /// Whether the quantity `name` is a whole number by construction (a count, an index, a sum
    /// of whole numbers: README, "Whole numbers"), so it prints without decimals. Only compute
    /// blocks mark values; the built-in kinds compute none that are whole.
    pub fn is_whole(&self, name: &str) -> bool {
        match self {
            Evaluated::Compute(result) => result.whole.contains(name),
            _ => false,
        }
    }

    /// The names a position (an `argmax`, a sampled token) may point at, for `| label`: a
    /// compute block's `cols` (the labels of vector entries), else its `rows`.
    pub fn position_labels(&self) -> Option<Vec<String>> {
        match self {
            Evaluated::Compute(result) => result
                .labels
                .cols
                .clone()
                .or_else(|| result.labels.rows.clone()),
            _ => None,
        }
    }

    /// Every quantity name this example answers, for "did you mean" hints.
    pub fn quantity_names(&self) -> Vec<String> {
        match self {
            Evaluated::Compute(result) => result.quantity_names(),
            Evaluated::Kind(result) => result.quantity_names(),
        }
    }
}

impl Serialize for Evaluated {
    /// The kind's own object: each result already carries its `"kind"` key.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Evaluated::Compute(result) => result.serialize(serializer),
            Evaluated::Kind(result) => result.serialize(serializer),
        }
    }
}

/// Serialization of the language's values in the `eval --json` shape.
///
/// ndarray's own `serde` feature writes `{"v":1,"dim":[..],"data":[..]}`; readers of
/// `eval --json`, the widgets and compute-lang.js's `run` want plain nested arrays, so a kind's
/// JSON and a widget's inputs wrap each value in this borrowing adapter.
mod json {
    use super::lang::Value;
    use serde::{Serialize, Serializer};

    /// A number, a vector as a flat array, or a matrix as an array of row arrays, full `f64`
    /// precision.
    pub(super) struct Plain<'a>(pub &'a Value);

    impl Serialize for Plain<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self.0 {
                Value::Scalar(x) => serializer.serialize_f64(*x),
                Value::Vector(values) => serializer.collect_seq(values.iter()),
                Value::Matrix(values) => {
                    serializer.collect_seq(values.rows().into_iter().map(|row| row.to_vec()))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::json::Plain;
    use super::lang::Value;
    use ndarray::{array, Array2};

    #[test]
    fn an_empty_matrix_serializes_as_an_empty_array() {
        let empty = Value::Matrix(Array2::zeros((0, 3)));
        assert_eq!(serde_json::to_string(&Plain(&empty)).unwrap(), "[]");
    }

    #[test]
    fn a_matrix_serializes_as_rows_and_a_vector_as_a_flat_array() {
        let matrix = array![[1.0, 0.5], [-2.0, 0.125]];
        let json = |value: Value| serde_json::to_string(&Plain(&value)).unwrap();
        assert_eq!(
            json(Value::Matrix(matrix.clone())),
            "[[1.0,0.5],[-2.0,0.125]]"
        );
        // A transposed view walks columns in memory; rows must still come out as rows.
        assert_eq!(
            json(Value::Matrix(matrix.t().to_owned())),
            "[[1.0,-2.0],[0.5,0.125]]"
        );
        assert_eq!(json(Value::Vector(array![0.1, 0.2])), "[0.1,0.2]");
        assert_eq!(json(Value::Scalar(0.5)), "0.5");
    }

    #[test]
    fn every_kind_reports_its_name_and_serializes_with_the_same_kind_key() {
        use super::kind::KindInput;
        use super::*;
        let attention = (attention::AttentionInput {
            tokens: vec!["a".into()],
            embeddings: array![[1.0]],
            w_q: array![[1.0]],
            w_k: array![[1.0]],
            w_v: array![[1.0]],
            w_o: None,
            causal: false,
            heads: 1,
        })
        .evaluate()
        .unwrap();
        let softmax = (softmax::SoftmaxInput {
            logits: array![0.0, 1.0],
            labels: None,
            temperature: 1.0,
            target: None,
            temperatures: None,
        })
        .evaluate()
        .unwrap();
        let vectors = (vectors::VectorsInput {
            names: vec!["v".into()],
            vectors: array![[1.0, 0.0]],
            project: None,
        })
        .evaluate()
        .unwrap();
        let descent = (gradient_descent::GradientDescentInput {
            points: vec![(0.0, 0.0), (1.0, 1.0)],
            start: (0.0, 0.0),
            learning_rate: 0.1,
            steps: 1,
        })
        .evaluate()
        .unwrap();
        let program = computed::compute(
            "y = x + 1",
            vec![("x".into(), lang::Value::Scalar(1.0))],
            computed::Labels::default(),
        )
        .unwrap();
        let examples = [
            (Evaluated::Compute(program), "compute", "y"),
            (Evaluated::Kind(attention), "attention", "weights"),
            (Evaluated::Kind(softmax), "softmax", "probabilities"),
            (Evaluated::Kind(vectors), "vectors", "cosines"),
            (Evaluated::Kind(descent), "gradient_descent", "losses"),
        ];
        for (example, kind, quantity) in examples {
            assert_eq!(example.kind(), kind);
            assert!(example.quantity(quantity).is_some(), "{kind}.{quantity}");
            assert!(example.quantity_names().contains(&quantity.to_string()));
            assert_eq!(example.quantity("no_such_quantity"), None);
            let json = serde_json::to_value(&example).unwrap();
            assert_eq!(json["kind"], kind);
            assert!(!example.is_input(quantity), "{kind}.{quantity} is computed");
            for input in example.input_names() {
                assert!(example.quantity(&input).is_some(), "{kind}.{input}");
                assert!(example.quantity_names().contains(&input), "{kind}.{input}");
            }
        }
    }

    #[test]
    fn inputs_are_what_the_author_wrote_and_nothing_computed() {
        use super::kind::KindInput;
        use super::*;
        let descent = (gradient_descent::GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0)],
            start: (0.5, -1.0),
            learning_rate: 0.1,
            steps: 2,
        })
        .evaluate()
        .unwrap();
        let descent = Evaluated::Kind(descent);
        assert_eq!(
            descent.input_names(),
            ["points", "start", "learning_rate", "steps"]
        );
        assert_eq!(
            descent.quantity("start"),
            Some(Quantity::Vector {
                values: array![0.5, -1.0],
                labels: Some(vec!["w".into(), "b".into()]),
            })
        );
        let program = computed::compute(
            "y = x * 2",
            vec![("x".into(), lang::Value::Scalar(1.0))],
            computed::Labels::default(),
        )
        .unwrap();
        let program = Evaluated::Compute(program);
        assert!(program.is_input("x"));
        assert!(!program.is_input("y"));
    }
}
