//! The state of one run that every operation reports to: which step is running, the work done
//! so far, and the checks on sizes and non-finite entries that every operation makes.
//!
//! Stage: evaluation. Input: what the evaluator and the functions tell it (operations done,
//! operands, results). Output: limit and non-finite [`LangError`]s naming the running step.
//! Must not: evaluate expressions (the evaluator does) or know any function, so both the
//! evaluator and the functions can use it without importing each other.

use std::collections::HashMap;
use std::ops::Range;

use super::statements::Step;
use super::tape::Tape;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError, Limit, MAX_SIDE, MAX_WORK};

/// The named constants, in the order hints list them.
pub(crate) const CONSTANTS: [&str; 2] = ["pi", "inf"];

/// What the names refer to while a program runs.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    /// Inputs, steps assigned so far and the counters of the running loops.
    pub(crate) values: HashMap<String, Value>,
    /// Which of `values` are whole numbers by construction.
    pub(crate) whole: HashMap<String, bool>,
    /// Steps in the order of their first assignment.
    pub(crate) order: Vec<String>,
    /// The counters of the running loops, outermost first, with the line of their `repeat`.
    pub(crate) counters: Vec<(String, usize)>,
    /// The values loops assigned to the names some `history(name)` reads.
    pub(crate) histories: HashMap<String, History>,
    /// Names only a loop that kept no iteration assigns, with that loop's line and whether it
    /// ran one that its `until` undid (else it ran 0 times).
    pub(crate) never_ran: HashMap<String, (usize, bool)>,
    /// What `grad` differentiates: the assignments so far and what each read.
    pub(crate) tape: Tape,
}

/// Every value one name took inside loops, in order.
#[derive(Debug, Default)]
pub(crate) struct History {
    pub(crate) values: Vec<Value>,
    /// Whether every value was whole.
    pub(crate) whole: bool,
    /// Whether the name held a matrix (which has no history).
    pub(crate) matrix: bool,
}

/// Evaluation state of one run: the work done so far and what is running.
pub(crate) struct Context<'a> {
    pub(crate) text: &'a str,
    /// Every assignment of the program in written order, loop bodies included (for hints such
    /// as "defined later, on line 4").
    pub(crate) steps: Vec<&'a Step>,
    pub(crate) inputs: &'a [(String, Value)],
    /// Position in `steps` of the running step, or of the next one while a `repeat` line runs.
    pub(crate) step: usize,
    /// What messages call the running statement: a step's name, or `repeat`.
    pub(crate) running: &'a str,
    /// 1-based line of the running statement, for limit messages.
    pub(crate) line: usize,
    /// Element operations done so far, bounded by [`MAX_WORK`].
    pub(crate) work: u64,
}

impl Context<'_> {
    /// The running step's name, for messages.
    pub(crate) fn step_name(&self) -> &str {
        self.running
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
                ErrorKind::Limit(Limit::Work),
                format!(
                    "the steps need more than {MAX_WORK} element operations (step {}, line {})",
                    self.step_name(),
                    self.line
                ),
                span.clone(),
            )
            .with_hint(
                "use smaller values, fewer steps or fewer iterations: a block is meant for a worked example",
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
                ErrorKind::Limit(Limit::Size),
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
                "-inf passes only through +, comparisons, where, subscripts, functions that move entries (concat, take, reshape, …), argsort, topk, argtopk and softmax/log_softmax: add a mask to scores before softmax, or replace -inf first, as in where(x == -inf, 0, x)",
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
