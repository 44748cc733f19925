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

/// What an input check returns: nothing, or the one error to show the author.
pub(crate) type Checked = Result<(), ComputeError>;

/// The one error an input check gives: `message` at the input `field`, with `hint` saying what
/// to write instead.
pub(crate) fn refuse<T>(
    field: &str,
    message: impl Into<String>,
    hint: impl Into<String>,
) -> Result<T, ComputeError> {
    Err(ComputeError::for_field(field, message).with_hint(hint))
}

/// An input `field` that holds `entry` (a number as written, with where it sits: `NaN at [2, 1]`),
/// which no kind computes with: the block reader's words, so an author reads the same sentence
/// whichever layer refuses it.
pub fn not_finite(field: &str, entry: &str) -> ComputeError {
    let message = format!("`{field}` holds {entry}, which is not a finite number");
    ComputeError::for_field(field, message)
        .with_hint("example inputs must be ordinary numbers (no nan or inf)")
}

/// A list input `field` with no numbers, in the block reader's words, so an author reads the
/// same sentence whichever layer refuses it.
pub fn empty_list(field: &str) -> ComputeError {
    ComputeError::for_field(field, format!("`{field}` is empty"))
        .with_hint(format!("write {field} = [1, 2, 3]"))
}

/// A count above the most an example may have (heads, steps), in the words the block reader
/// uses too: it is a count, just too large, so the message names the most.
pub fn too_many(
    field: &str,
    count: impl std::fmt::Display,
    most: usize,
    hint: &str,
) -> ComputeError {
    let message = format!("{field} = {count} is more than {most}, the most an example may have");
    ComputeError::for_field(field, message).with_hint(hint)
}

/// Rejects a number input `field` that is not finite or not above 0 (a temperature, a learning
/// rate), in the block reader's words, with `hint` saying what to write.
pub fn positive(field: &str, value: f64, hint: &str) -> Checked {
    if !value.is_finite() {
        return Err(not_finite(field, &value.to_string()));
    }
    if value <= 0.0 {
        return refuse(
            field,
            format!("`{field}` must be greater than 0, but is {value}"),
            hint,
        );
    }
    Ok(())
}

/// Rejects an empty list input with the kind's own wording, because an author reads
/// "there are no tokens" more easily than a generic "tokens is empty".
pub(crate) fn non_empty(field: &str, n: usize, message: &str, hint: &str) -> Checked {
    if n == 0 {
        return refuse(field, message, hint);
    }
    Ok(())
}

/// Rejects a list input `field` of `n` items over `limit`, naming the items by the key itself
/// ("there are 300 tokens, …"), since every kind's list keys are plural nouns.
pub(crate) fn count_within(field: &str, n: usize, limit: usize) -> Checked {
    if n > limit {
        let message = format!("there are {n} {field}, more than the limit of {limit}");
        return Err(ComputeError::for_field(field, message));
    }
    Ok(())
}

/// Rejects a `position` (counting from 0) at or past the `count` `items` an input `field` points
/// into, said as `said` ("target position 5"), with the positions there are: every kind that
/// takes positions words them alike.
pub(crate) fn position_within(
    field: &str,
    said: &str,
    position: usize,
    count: usize,
    items: &str,
) -> Checked {
    if position < count {
        return Ok(());
    }
    let message = format!("{said} {position} is out of range");
    let last = count.saturating_sub(1);
    let hint = format!("there are {count} {items}; positions count from 0, so use 0 to {last}");
    refuse(field, message, hint)
}

/// Checks the `{name}s` key: one name per each of the `count` `{item}s`, no name twice, because
/// references pick an item by its name. `name` and `item` are singular; their plurals add an s.
pub(crate) fn distinct_names(name: &str, names: &[String], count: usize, item: &str) -> Checked {
    let field = format!("{name}s");
    if names.len() != count {
        let message = format!("there are {} {field} but {count} {item}s", names.len());
        return refuse(&field, message, format!("give one {name} per {item}"));
    }
    for (i, name) in names.iter().enumerate() {
        if let Some(j) = names[..i].iter().position(|earlier| earlier == name) {
            let (first, second) = (j + 1, i + 1);
            let message =
                format!("`{name}` appears twice in {field} (positions {first} and {second})");
            let hint = format!("{field} must be distinct so references can name one {item}");
            return refuse(&field, message, hint);
        }
    }
    Ok(())
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

    #[test]
    fn non_empty_gives_the_kinds_wording() {
        assert!(non_empty("tokens", 1, "there are no tokens", "list one").is_ok());
        let error = non_empty("tokens", 0, "there are no tokens", "list one").unwrap_err();
        assert_eq!(error.field.as_deref(), Some("tokens"));
        assert_eq!(error.message, "there are no tokens");
        assert_eq!(error.hint.as_deref(), Some("list one"));
    }

    #[test]
    fn count_within_names_the_items_by_the_key() {
        assert!(count_within("logits", 64, 64).is_ok());
        let error = count_within("logits", 65, 64).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("logits"));
        assert_eq!(
            error.message,
            "there are 65 logits, more than the limit of 64"
        );
        assert_eq!(error.hint, None);
    }

    #[test]
    fn position_within_says_the_positions_there_are() {
        assert!(position_within("target", "target position", 2, 3, "logits").is_ok());
        let error = position_within("target", "target position", 3, 3, "logits").unwrap_err();
        assert_eq!(error.field.as_deref(), Some("target"));
        assert_eq!(error.message, "target position 3 is out of range");
        assert_eq!(
            error.hint.as_deref(),
            Some("there are 3 logits; positions count from 0, so use 0 to 2")
        );
    }

    #[test]
    fn distinct_names_wants_one_name_per_item_and_no_repeats() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(distinct_names("label", &names(&["a", "b"]), 2, "logit").is_ok());
        let error = distinct_names("label", &names(&["a"]), 2, "logit").unwrap_err();
        assert_eq!(error.field.as_deref(), Some("labels"));
        assert_eq!(error.message, "there are 1 labels but 2 logits");
        assert_eq!(error.hint.as_deref(), Some("give one label per logit"));
        let error = distinct_names("name", &names(&["u", "cat", "v", "cat"]), 4, "vector");
        let error = error.unwrap_err();
        assert_eq!(error.field.as_deref(), Some("names"));
        assert_eq!(
            error.message,
            "`cat` appears twice in names (positions 2 and 4)"
        );
        assert_eq!(
            error.hint.as_deref(),
            Some("names must be distinct so references can name one vector")
        );
    }
}
