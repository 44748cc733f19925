//! Pure numerical core: every number a reader sees is computed here.
//!
//! Stage: evaluation. The site layer reads an example block's TOML into one of the `*Input`
//! structs, calls the kind's function (`attention::attend`, `softmax::softmax`,
//! `vectors::analyze`, `gradient_descent::descend`), wraps the result in [`Evaluated`], and later
//! resolves references with [`Evaluated::quantity`], [`Quantity::select`] and [`ops::apply`].
//! Input: plain Rust values and `ndarray` arrays. Output: result structs that serialize to the
//! `eval --json` objects, [`Quantity`] values, or a [`ComputeError`] naming the input key at fault.
//! Must not: touch the file system, parse Markdown or TOML, render math or templates, or
//! produce NaN/∞ from finite inputs. The `purity` test below keeps the import list honest.

pub mod attention;
mod error;
pub mod ops;
pub mod quantity;
pub mod softmax;

pub use error::ComputeError;
pub use quantity::{Index, Quantity};

use serde::Serialize;

/// Most tokens (or vectors, or points) one example may have; beyond it a page would be
/// unreadable and evaluation slow, so the author gets a clear error instead.
pub const MAX_TOKENS: usize = 512;
/// Largest matrix dimension (embedding width, projection width, logits, …) an example may use.
pub const MAX_DIM: usize = 1024;

/// One evaluated example of any kind: what references and `eval --json` read.
// A page holds a handful of these, built once per build, so an unboxed Attention (the largest
// variant) costs nothing worth the noise of `Box` at every construction and match.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Evaluated {
    /// An ```` ```attention ```` block.
    Attention(attention::Attention),
    /// A ```` ```softmax ```` block.
    Softmax(softmax::Softmax),
}

impl Evaluated {
    /// The block's kind as written in its info string (and as the `kind` key in JSON).
    pub fn kind(&self) -> &'static str {
        match self {
            Evaluated::Attention(_) => "attention",
            Evaluated::Softmax(_) => "softmax",
        }
    }

    /// The quantity a reference names, or `None` if this example has no such quantity.
    pub fn quantity(&self, name: &str) -> Option<Quantity> {
        match self {
            Evaluated::Attention(result) => result.quantity(name),
            Evaluated::Softmax(result) => result.quantity(name),
        }
    }

    /// Every quantity name this example answers, for "did you mean" hints.
    pub fn quantity_names(&self) -> Vec<String> {
        match self {
            Evaluated::Attention(result) => result.quantity_names(),
            Evaluated::Softmax(result) => result.quantity_names(),
        }
    }
}

impl Serialize for Evaluated {
    /// The kind's own object: each result already carries its `"kind"` key.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Evaluated::Attention(result) => result.serialize(serializer),
            Evaluated::Softmax(result) => result.serialize(serializer),
        }
    }
}

/// Serialization of `ndarray` values in the `eval --json` shape.
///
/// ndarray's own `serde` feature writes `{"v":1,"dim":[..],"data":[..]}`; readers of
/// `eval --json` (and the widgets) want plain nested arrays, so every result type wraps its
/// arrays in these borrowing adapters instead of writing per-field code.
mod json {
    use ndarray::{Array1, Array2};
    use serde::{Serialize, Serializer};

    /// A matrix as an array of row arrays, full `f64` precision.
    pub(super) struct Rows<'a>(pub &'a Array2<f64>);

    /// A vector as a flat array.
    pub(super) struct Elements<'a>(pub &'a Array1<f64>);

    impl Serialize for Rows<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.0.rows().into_iter().map(|row| row.to_vec()))
        }
    }

    impl Serialize for Elements<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.0.iter())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::json::{Elements, Rows};
    use ndarray::{array, Array2};

    #[test]
    fn an_empty_matrix_serializes_as_an_empty_array() {
        let empty: Array2<f64> = Array2::zeros((0, 3));
        assert_eq!(serde_json::to_string(&Rows(&empty)).unwrap(), "[]");
    }

    #[test]
    fn a_matrix_serializes_as_rows_and_a_vector_as_a_flat_array() {
        let matrix = array![[1.0, 0.5], [-2.0, 0.125]];
        assert_eq!(
            serde_json::to_string(&Rows(&matrix)).unwrap(),
            "[[1.0,0.5],[-2.0,0.125]]"
        );
        // A transposed view walks columns in memory; rows must still come out as rows.
        assert_eq!(
            serde_json::to_string(&Rows(&matrix.t().to_owned())).unwrap(),
            "[[1.0,-2.0],[0.5,0.125]]"
        );
        assert_eq!(
            serde_json::to_string(&Elements(&array![0.1, 0.2])).unwrap(),
            "[0.1,0.2]"
        );
    }
}
