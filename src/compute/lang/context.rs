//! The state of one run that every operation reports to: which step is running, the work done
//! so far, and the checks on sizes and non-finite entries that every operation makes.
//!
//! Stage: evaluation. Input: what the evaluator and the functions tell it (operations done,
//! operands, results). Output: limit and non-finite [`LangError`]s naming the running step.
//! Must not: evaluate expressions (the evaluator does) or know any function, so both the
//! evaluator and the functions can use it without importing each other.

use std::collections::HashMap;
use std::ops::Range;

use super::parser::Step;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError, MAX_SIDE, MAX_WORK};

/// The named constants, in the order hints list them.
pub(crate) const CONSTANTS: [&str; 2] = ["pi", "inf"];

/// What a name refers to while a program runs.
pub(crate) type Env = HashMap<String, Value>;

/// Evaluation state of one run: the work done so far and which step is running.
pub(crate) struct Context<'a> {
    pub(crate) text: &'a str,
    pub(crate) steps: &'a [Step],
    pub(crate) inputs: &'a [(String, Value)],
    /// Index of the running step.
    pub(crate) step: usize,
    /// Element operations done so far, bounded by [`MAX_WORK`].
    pub(crate) work: u64,
}

impl Context<'_> {
    /// The running step's name, for messages.
    pub(crate) fn step_name(&self) -> &str {
        &self.steps[self.step].name
    }

    pub(crate) fn check_new_name(&self, step: &Step, env: &Env) -> Result<(), LangError> {
        let earlier = self.steps[..self.step].iter().find(|s| s.name == step.name);
        let hint = if let Some(earlier) = earlier {
            format!(
                "`{}` is already defined on line {}; give this step a new name",
                step.name, earlier.line
            )
        } else if env.contains_key(&step.name) {
            format!(
                "`{}` is an input, and inputs cannot be reassigned; give the step a new name",
                step.name
            )
        } else if CONSTANTS.contains(&step.name.as_str()) {
            format!("`{}` is a constant; give the step another name", step.name)
        } else {
            return Ok(());
        };
        Err(LangError::new(
            ErrorKind::Redefinition,
            format!("`{}` is defined twice", step.name),
            step.name_span.clone(),
        )
        .with_hint(hint))
    }

    /// Counts `operations` element operations against [`MAX_WORK`].
    pub(crate) fn charge(
        &mut self,
        operations: usize,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        self.work = self.work.saturating_add(operations as u64);
        if self.work > MAX_WORK {
            return Err(LangError::new(
                ErrorKind::Limit,
                format!(
                    "the steps need more than {MAX_WORK} element operations (step {})",
                    self.step_name()
                ),
                span.clone(),
            )
            .with_hint(
                "use smaller values or fewer steps: a block is meant for a worked example",
            ));
        }
        Ok(())
    }

    /// Rejects a result of `rows`×`cols` beyond [`MAX_SIDE`] before it is built.
    pub(crate) fn check_size(
        &self,
        what: &str,
        rows: usize,
        cols: usize,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(LangError::new(
                ErrorKind::Limit,
                format!("{what} would be {rows}×{cols}, larger than the limit"),
                span.clone(),
            )
            .with_hint(format!("values are at most {MAX_SIDE}×{MAX_SIDE}")));
        }
        Ok(())
    }

    /// Rejects +∞ in an operand, and −∞ unless `what` accepts masks.
    pub(crate) fn admit(
        &self,
        value: &Value,
        what: &str,
        accepts_mask: bool,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        let entries = value.entries();
        let bad = entries.iter().position(|x| {
            x.is_nan() || *x == f64::INFINITY || (*x == f64::NEG_INFINITY && !accepts_mask)
        });
        let Some(flat) = bad else {
            return Ok(());
        };
        let position = value.describe_position(flat);
        let (message, hint) = if entries[flat] == f64::NEG_INFINITY {
            (
                format!("-inf (a masked entry) reaches {what} in step {}{position}", self.step_name()),
                "only + and softmax/log_softmax accept masked entries: add the mask to the scores, then take softmax",
            )
        } else {
            (
                format!(
                    "{} reaches {what} in step {}{position}",
                    format_number(entries[flat]),
                    self.step_name()
                ),
                "inf may only be negated, as the mask -inf",
            )
        };
        Err(LangError::new(ErrorKind::NonFinite, message, span.clone()).with_hint(hint))
    }

    /// Fails on the first entry of `result` (reading order) that is NaN, +∞, or −∞ where
    /// `mask_allowed` says no mask came in; `reason` says why that entry went wrong.
    pub(crate) fn ensure_finite(
        &self,
        result: &Value,
        span: &Range<usize>,
        mask_allowed: impl Fn(usize) -> bool,
        reason: impl Fn(usize) -> String,
    ) -> Result<(), LangError> {
        let bad = result.entries().iter().enumerate().position(|(flat, x)| {
            x.is_nan() || *x == f64::INFINITY || (*x == f64::NEG_INFINITY && !mask_allowed(flat))
        });
        let Some(flat) = bad else {
            return Ok(());
        };
        Err(LangError::new(
            ErrorKind::NonFinite,
            format!(
                "{} in step {}{}",
                reason(flat),
                self.step_name(),
                result.describe_position(flat)
            ),
            span.clone(),
        )
        .with_hint("every number a step computes must be finite; check the inputs this step uses"))
    }

    /// The source text of an operand, for shape messages; long operands are shortened.
    pub(crate) fn quote(&self, span: &Range<usize>) -> String {
        let text = self.text.get(span.clone()).unwrap_or("").trim();
        match text.char_indices().nth(20) {
            Some((cut, _)) if text.chars().count() > 24 => format!("{}…", &text[..cut]),
            _ => text.to_string(),
        }
    }
}
