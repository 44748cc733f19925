//! The typed-number check of one lesson: numbers written in its prose and math, compared with
//! everything its examples print once the whole lesson is expanded (so the values its
//! references compute are known too).
//!
//! The rule, as README states it: a written number that some example value prints the same as,
//! at the written precision, is an error whose hint is the reference to write. In a lesson with
//! example blocks, a decimal in prose that matches nothing is reported too (it may be a value
//! that has changed since it was typed), unless marked `{{ literal … }}`. Inside math, constants
//! are normal, so only matches are reported there, and a number of one significant figure
//! (`0.5`, `1e-5`) only when some value is exactly it.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::blocks::ExampleBlock;
use crate::expand::typed_numbers::{Printable, Written};
use crate::present::Precision;
use std::ops::Range;

/// A number seen in the lesson, with where it is in the file.
pub(super) struct Sighting {
    pub span: Range<usize>,
    pub written: Written,
    pub in_math: bool,
}

/// Every number the examples hold, each printing as its reference would without a filter:
/// an input as written, anything computed at the book's `decimals`.
pub(super) fn printable_of(examples: &[ExampleBlock], decimals: usize) -> Printable {
    let mut printable = Printable::default();
    for example in examples {
        for name in example.evaluated.quantity_names() {
            let Some(quantity) = example.evaluated.quantity(&name) else {
                continue;
            };
            let default = if example.evaluated.is_input(&name) {
                Precision::AsWritten
            } else {
                Precision::Decimals(decimals)
            };
            printable.add_quantity(&example.name, &name, &quantity, default);
        }
    }
    printable
}

/// The problems among `sightings`; `has_examples` says whether the lesson has example blocks
/// (a prose chapter's decimals are its own business).
pub(super) fn judge(
    file: &SourceFile,
    sightings: &[Sighting],
    printable: &mut Printable,
    has_examples: bool,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for sighting in sightings {
        let written = &sighting.written;
        let exact = sighting.in_math && written.one_figure;
        if let Some(found) = printable.find(written, exact) {
            problems.push(
                Diagnostic::at(
                    file,
                    sighting.span.clone(),
                    format!("{} is a computed value typed by hand", written.text),
                )
                .with_label(format!("{} prints this", found.reference))
                .with_help(found.hint(&written.text))
                .with_kind("typed number"),
            );
        } else if has_examples && !sighting.in_math && written.has_point {
            problems.push(stale(file, sighting.span.clone(), &written.text));
        }
    }
    problems
}

fn stale(file: &SourceFile, span: Range<usize>, text: &str) -> Diagnostic {
    Diagnostic::at(file, span, format!("the number {text} looks typed by hand"))
        .with_label("no example of this lesson prints it")
        .with_help(format!(
            "print a computed value with {{{{ example.quantity[…] }}}}, or mark a deliberate constant as {{{{ literal {text} }}}}"
        ))
        .with_kind("typed number")
}
