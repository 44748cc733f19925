//! The one error type of the compute core.
//!
//! Stage: shared by every example kind and by reference evaluation (`select`, `ops`).
//! Input: what went wrong, which example input key is at fault, and an optional hint.
//! Output: [`ComputeError`], which the site layer turns into a diagnostic pointing at the
//! TOML key named by `field` (or at the whole block / reference when `field` is `None`).
//! Must not: know about files, spans or rendering; positions in the Markdown are the site's job.

use ndarray::{Array1, Array2};

/// Why an example or a reference could not be computed.
///
/// `field` names the example input key at fault (`"embeddings"`, `"temperature"`, …) so the site
/// layer can point at that TOML key; it is `None` for errors in a reference (a bad index or
/// filter), which the site points at the reference itself. `hint` says what would be valid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ComputeError {
    /// The example input key at fault, if the error is about one input.
    pub field: Option<String>,
    /// What went wrong, as one sentence without a trailing period.
    pub message: String,
    /// What would be accepted instead (valid labels, ranges, …), if there is something useful to say.
    pub hint: Option<String>,
}

impl ComputeError {
    /// An error that is not about one input key (for example a bad reference index).
    pub fn new(message: impl Into<String>) -> Self {
        ComputeError {
            field: None,
            message: message.into(),
            hint: None,
        }
    }

    /// An error about the example input key `field`.
    pub fn for_field(field: impl Into<String>, message: impl Into<String>) -> Self {
        ComputeError {
            field: Some(field.into()),
            message: message.into(),
            hint: None,
        }
    }

    /// The same error with a hint attached.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// Rejects a matrix input holding NaN or ±∞, naming the first bad entry 1-based (row, column)
/// because that is how an author counts rows in a TOML array.
pub(crate) fn ensure_finite_matrix(field: &str, matrix: &Array2<f64>) -> Result<(), ComputeError> {
    match matrix.indexed_iter().find(|(_, x)| !x.is_finite()) {
        None => Ok(()),
        Some(((row, col), value)) => Err(ComputeError::for_field(
            field,
            format!("{field} has {value} at row {}, column {}", row + 1, col + 1),
        )
        .with_hint("every entry must be a finite number")),
    }
}

/// Rejects a list input holding NaN or ±∞, naming the first bad entry 1-based.
pub(crate) fn ensure_finite_vector(field: &str, vector: &Array1<f64>) -> Result<(), ComputeError> {
    match vector.iter().position(|x| !x.is_finite()) {
        None => Ok(()),
        Some(index) => Err(ComputeError::for_field(
            field,
            format!("{field} has {} at position {}", vector[index], index + 1),
        )
        .with_hint("every entry must be a finite number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn displays_only_the_message() {
        let error = ComputeError::for_field("w_q", "w_q has 3 rows").with_hint("use 2 rows");
        assert_eq!(error.to_string(), "w_q has 3 rows");
        assert_eq!(error.field.as_deref(), Some("w_q"));
        assert_eq!(error.hint.as_deref(), Some("use 2 rows"));
    }

    #[test]
    fn names_the_first_non_finite_matrix_entry_one_based() {
        let matrix = array![[1.0, 2.0], [3.0, f64::NAN]];
        let error = ensure_finite_matrix("embeddings", &matrix).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("embeddings"));
        assert_eq!(error.message, "embeddings has NaN at row 2, column 2");
    }

    #[test]
    fn names_the_first_non_finite_vector_entry_one_based() {
        let vector = array![1.0, f64::INFINITY];
        let error = ensure_finite_vector("logits", &vector).unwrap_err();
        assert_eq!(error.message, "logits has inf at position 2");
    }

    #[test]
    fn accepts_finite_inputs_and_results() {
        assert!(ensure_finite_matrix("m", &array![[f64::MAX, -f64::MAX]]).is_ok());
        assert!(ensure_finite_vector("v", &array![0.0, f64::MIN_POSITIVE]).is_ok());
    }
}
