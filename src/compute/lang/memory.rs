//! The memory bound of one run: every step's value is kept (for references and for later
//! steps), so a run keeps at most [`MAX_KEPT_ENTRIES`] numbers, whatever made them. The work
//! bound counts operations, and a step that only names a value (`a2 = x`) does none, yet kept a
//! whole copy: 998 of them on a 1,024 × 1,024 matrix took 16 GB.

use super::{ErrorKind, LangError, Limit, Value};
use std::ops::Range;

/// Most numbers the values of one run (inputs excluded) may hold together: four 1,024 × 1,024
/// matrices, 32 MiB.
pub const MAX_KEPT_ENTRIES: usize = 4 * 1024 * 1024;

/// The numbers kept so far in one run.
#[derive(Debug, Default)]
pub(crate) struct Kept {
    entries: usize,
}

impl Kept {
    /// Counts the value of step `name` (at `span`), or refuses it past [`MAX_KEPT_ENTRIES`].
    pub(crate) fn keep(
        &mut self,
        value: &Value,
        name: &str,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        self.entries = self.entries.saturating_add(value.len());
        if self.entries <= MAX_KEPT_ENTRIES {
            return Ok(());
        }
        Err(LangError::new(
            ErrorKind::Limit(Limit::Kept),
            format!("the steps keep more than {MAX_KEPT_ENTRIES} numbers (step {name})"),
            span.clone(),
        )
        .with_hint("every step's value is kept: use smaller values or fewer steps"))
    }
}

#[cfg(test)]
mod tests {
    use super::super::evaluate;
    use super::super::{ErrorKind, Limit};

    #[test]
    fn naming_a_large_value_again_and_again_stops_at_the_memory_bound() {
        let mut steps = String::from("x = zeros(1024, 1024)\n");
        for index in 0..10 {
            steps.push_str(&format!("a{index} = x\n"));
        }
        let error = evaluate(&steps, &[]).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Limit(Limit::Kept));
        assert!(error.message.contains("(step a3)"), "{}", error.message);
        // The matrix and three copies fit.
        let steps = "x = zeros(1024, 1024)\na0 = x\na1 = x\na2 = x\n";
        assert!(evaluate(steps, &[]).is_ok());
    }
}
