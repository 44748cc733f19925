//! References resolved against the lesson's examples: a placeholder parsed, its example and
//! quantity found (with the message and hint when they are not), and the precision it prints
//! at. Part of the expander (`super::Expander`), kept apart from the event-stream walk.

use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::compute::ops::{self, Op};
use crate::compute::Quantity;
use crate::expand::blocks::ExampleBlock;
use crate::expand::reference::{self, ComputeFilter, Filter, Placeholder, Reference};
use crate::present::Precision;
use std::ops::Range;

impl Expander<'_> {
    pub(super) fn parse_placeholder(
        &mut self,
        inner: &str,
        span: Range<usize>,
    ) -> Option<Placeholder> {
        match reference::parse(inner) {
            Ok(placeholder) => Some(placeholder),
            Err(error) => {
                // `span` covers `{{…}}`; the inner text starts after the braces.
                let at = (span.start + 2 + error.offset).min(span.end);
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        at..(at + 1).min(span.end),
                        format!("cannot read this reference: {}", error.message),
                    )
                    .with_help(error.help),
                );
                None
            }
        }
    }

    /// The precision a reference asks for; without one, a value the author wrote (an input,
    /// untouched by a computing filter) prints as written, a whole number by construction
    /// without decimals, and anything else computed at the book's `decimals`. The compute core
    /// says which quantities are inputs and which are whole.
    pub(super) fn precision(&self, reference: &Reference) -> Precision {
        match reference.precision() {
            Some(Filter::Decimals(count)) => Precision::Decimals(*count),
            Some(Filter::Significant(count)) => Precision::Significant(*count),
            _ if self.prints_as_written(reference) => Precision::AsWritten,
            // A percentage reads best with one decimal: 12.3 %, not 12.346 %.
            _ if reference.as_percent() => Precision::Decimals(1),
            _ => Precision::Computed(self.decimals),
        }
    }

    /// Whether a reference shows (part of) an input exactly as the author wrote it, or a whole
    /// number by construction, untouched by a computing filter.
    pub(super) fn prints_as_written(&self, reference: &Reference) -> bool {
        let computed = reference
            .filters
            .iter()
            .any(|filter| matches!(filter, Filter::Compute(_)));
        !computed
            && self.examples.iter().any(|example| {
                example.name == reference.example
                    && (example.evaluated.is_input(&reference.quantity)
                        || example.evaluated.is_whole(&reference.quantity))
            })
    }

    /// Looks a reference up and applies its filters; problems are recorded at `span`.
    pub(super) fn resolve(
        &mut self,
        reference: &Reference,
        span: Range<usize>,
    ) -> Option<Quantity> {
        if self.mentions_failed_example(reference) {
            return None;
        }
        match resolve_reference(reference, self.examples) {
            Ok(quantity) => Some(quantity),
            Err((message, help)) => {
                self.problems
                    .push(Diagnostic::at(self.file, span, message).with_optional_help(help));
                None
            }
        }
    }

    /// Whether the reference (or a `dot(…)` inside it) names an example whose block failed.
    pub(super) fn mentions_failed_example(&self, reference: &Reference) -> bool {
        self.failed_examples.contains(&reference.example)
            || reference.filters.iter().any(|filter| match filter {
                Filter::Compute(ComputeFilter::Dot(other)) => self.mentions_failed_example(other),
                _ => false,
            })
    }

    /// The file span of `length` bytes at `offset` in an event's text (see [`locate_in`]).
    pub(super) fn locate(
        &self,
        text: &str,
        range: Range<usize>,
        offset: usize,
        length: usize,
    ) -> Range<usize> {
        locate_in(&self.file.text, text, range, offset, length)
    }
}

/// Resolves a reference against a lesson's examples, returning (message, help) on failure.
pub fn resolve_reference(
    reference: &Reference,
    examples: &[ExampleBlock],
) -> Result<Quantity, (String, Option<String>)> {
    let Some(example) = examples
        .iter()
        .find(|example| example.name == reference.example)
    else {
        return Err((
            format!("no example named \"{}\" in this lesson", reference.example),
            Some(example_names(examples)),
        ));
    };
    let Some(quantity) = example.evaluated.quantity(&reference.quantity) else {
        return Err((
            format!(
                "example \"{}\" has no quantity `{}`",
                example.name, reference.quantity
            ),
            Some(format!(
                "its quantities: {}",
                example.evaluated.quantity_names().join(", ")
            )),
        ));
    };
    let mut value = if reference.indices.is_empty() {
        quantity
    } else {
        quantity
            .select(&reference.indices)
            .map_err(|error| (format!("{}: {}", reference, error.message), error.hint))?
    };
    for filter in &reference.filters {
        let op = match filter {
            Filter::Compute(ComputeFilter::Plain(op)) => op.clone(),
            Filter::Compute(ComputeFilter::Dot(other)) => {
                Op::Dot(resolve_reference(other, examples)?)
            }
            Filter::Label => {
                value = label_at(reference, example, value)?;
                continue;
            }
            Filter::List | Filter::Decimals(_) | Filter::Significant(_) => continue,
        };
        value = ops::apply(&op, value)
            .map_err(|error| (format!("{}: {}", reference, error.message), error.hint))?;
    }
    Ok(value)
}

/// `| label`: the label a whole-number position points at, counting from 0 as `argmax` does.
fn label_at(
    reference: &Reference,
    example: &ExampleBlock,
    value: Quantity,
) -> Result<Quantity, (String, Option<String>)> {
    let Some(labels) = example.evaluated.position_labels() else {
        return Err((
            format!(
                "{reference}: example \"{}\" has no labels for `label` to print",
                example.name
            ),
            Some(
                "give the compute block cols = [\"…\", …] (or rows), one name per position"
                    .to_string(),
            ),
        ));
    };
    let position = match value {
        Quantity::Count(count) => Some(count),
        Quantity::Scalar(x) if x >= 0.0 && x.fract() == 0.0 => Some(x as usize),
        _ => None,
    };
    match position.and_then(|p| labels.get(p)) {
        Some(label) => Ok(Quantity::Text(label.clone())),
        None => Err((
            format!(
                "{reference}: `label` needs a position from 0 to {}, and this is {}",
                labels.len().saturating_sub(1),
                value.shape_description()
            ),
            Some(
                "apply label to a whole number such as argmax(x); positions count from 0"
                    .to_string(),
            ),
        )),
    }
}

pub(super) fn example_names(examples: &[ExampleBlock]) -> String {
    if examples.is_empty() {
        "this lesson has no example blocks; add one (```attention …```) before referring to it"
            .to_string()
    } else {
        let names: Vec<&str> = examples
            .iter()
            .map(|example| example.name.as_str())
            .collect();
        format!("examples in this lesson: {}", names.join(", "))
    }
}

/// The span in `file_text` of `length` bytes at `offset` in the text of an event parsed from
/// `file_text[range]`. Where the text is the file's text (no escapes or entities), that is
/// exact; otherwise find it in the event's range.
pub(crate) fn locate_in(
    file_text: &str,
    text: &str,
    range: Range<usize>,
    offset: usize,
    length: usize,
) -> Range<usize> {
    let source = &file_text[range.clone()];
    if source == text {
        return range.start + offset..range.start + offset + length;
    }
    // Smart punctuation and entities make the text longer than its source ("'" → "’"),
    // never shorter by more than escapes remove; start the search where the piece can
    // first be, so a repeated number is found at its own place.
    let wanted = &text[offset..offset + length];
    let earliest = offset.saturating_sub(text.len().saturating_sub(source.len()));
    let mut from = earliest.min(source.len());
    while !source.is_char_boundary(from) {
        from -= 1;
    }
    match source[from..]
        .find(wanted)
        .map(|at| from + at)
        .or_else(|| source.find(wanted))
    {
        Some(at) => range.start + at..range.start + at + length,
        None => range,
    }
}
