//! The one error type of the compute core.
//!
//! Stage: shared by every example kind and by reference evaluation (`select`, `ops`).
//! Input: what went wrong, which example input key is at fault, and an optional hint.
//! Output: [`ComputeError`], which the site layer turns into a diagnostic pointing at the
//! TOML key named by `field` (or at the whole block / reference when `field` is `None`).
//! Must not: know about files, spans or rendering; positions in the Markdown are the site's job.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_only_the_message() {
        let error = ComputeError::for_field("w_q", "w_q has 3 rows").with_hint("use 2 rows");
        assert_eq!(error.to_string(), "w_q has 3 rows");
        assert_eq!(error.field.as_deref(), Some("w_q"));
        assert_eq!(error.hint.as_deref(), Some("use 2 rows"));
    }
}
