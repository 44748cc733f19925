//! The typed-number check of one lesson: numbers written in its prose and math, compared with
//! everything its examples print once the whole lesson is expanded (so the values its
//! references compute are known too).
//!
//! The rule, as README states it: a written number that some example value prints the same as,
//! at the written precision, is an error whose hint is the reference to write. In a lesson with
//! example blocks, a decimal in prose that matches nothing is reported too (it may be a value
//! that has changed since it was typed), unless marked `{{ literal … }}`. Inside math, constants
//! are normal, so only matches are reported there, and a number of one significant figure
//! (`0.5`, `1e-5`) only when some value is exactly it. Only plausible sources match (see
//! `Printable::find`); a number that coincides only with an implausible one is a constant.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::blocks::ExampleBlock;
use crate::expand::typed_numbers::{ExampleNumbers, Printable, Written};
use crate::present::Precision;
use std::ops::Range;
use std::sync::Arc;

/// A number seen in the lesson, with where it is in the file.
pub(super) struct Sighting {
    pub span: Range<usize>,
    pub written: Written,
    pub in_math: bool,
}

/// Every number the examples hold, each printing as its reference would without a filter:
/// an input as written, anything computed at the book's `decimals`. Each example's numbers are
/// made once and kept with its evaluation.
pub(super) fn printable_of(examples: &[ExampleBlock], decimals: usize) -> Printable {
    let mut printable = Printable::default();
    for example in examples {
        let (numbers, made) = {
            let mut kept = example
                .numbers
                .lock()
                .unwrap_or_else(|poison| poison.into_inner());
            match &*kept {
                Some(numbers) if numbers.decimals() == decimals => (Arc::clone(numbers), false),
                _ => {
                    let numbers = Arc::new(numbers_of(example, decimals));
                    (Arc::clone(kept.insert(numbers)), true)
                }
            }
        };
        printable.add_example(numbers, example.name_span.start, made);
    }
    printable
}

fn numbers_of(example: &ExampleBlock, decimals: usize) -> ExampleNumbers {
    ExampleNumbers::new(decimals, |printable| {
        for name in example.evaluated.quantity_names() {
            let Some(quantity) = example.evaluated.quantity(&name) else {
                continue;
            };
            let default = if example.evaluated.is_input(&name) || example.evaluated.is_whole(&name)
            {
                Precision::AsWritten
            } else {
                Precision::Computed(decimals)
            };
            let input = example.evaluated.is_input(&name);
            printable.add_quantity(
                &example.name,
                &name,
                &quantity,
                default,
                (input, example.name_span.start),
            );
        }
    })
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
        if let Some(found) = printable.find(written, exact, (&file.text, sighting.span.start)) {
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
        } else if has_examples
            && !sighting.in_math
            && written.has_point
            && !printable.coincides(written)
        {
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

#[cfg(test)]
mod tests {
    use crate::expand::expand_test_lesson;
    use proptest::prelude::*;
    use pulldown_cmark::Event;

    /// A lesson with one compute example whose `y` is `x * 1.7`, and `prose` after it.
    fn lesson_text(values: &[f64], prose: &str) -> String {
        let inputs: Vec<String> = values.iter().map(|value| format!("{value:.4}")).collect();
        format!(
            "+++\ntitle = \"T\"\n+++\n\n```compute\nname = \"ex\"\nsteps = \"\"\"\ny = x * 1.7\n\"\"\"\n\n[inputs]\nx = [{}]\n```\n\n{prose}\n",
            inputs.join(", ")
        )
    }

    /// Expands `text` as `content/t.md`: the prose a reference printed, and the typed numbers.
    fn expand(text: &str) -> (Vec<String>, Vec<(String, String)>) {
        expand_test_lesson(text, |expanded| {
            let expanded = expanded.ok().expect("the lesson expands");
            let printed = expanded
                .events
                .iter()
                .filter_map(|(event, _)| match event {
                    Event::InlineHtml(html) if html.contains("worked-ref") => {
                        let inner = html.split_once("\">")?.1;
                        Some(inner.trim_end_matches("</span>").to_string())
                    }
                    _ => None,
                })
                .collect();
            let typed = expanded
                .typed_numbers
                .iter()
                .map(|problem| {
                    (
                        problem.message().to_string(),
                        problem.help().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            (printed, typed)
        })
    }

    /// An input written over a divisor is held as the divided numbers: `0.75`, typed in prose,
    /// is caught as the input entry it is (the hint prints it), and the written whole numbers,
    /// in the code block, are not prose and are never scanned.
    #[test]
    fn an_input_over_a_divisor_is_compared_as_its_divided_numbers() {
        let text = lesson_text(&[1.0], "The weight is 0.75.")
            .replace("x = [1.0000]", "x = { value = [3, -2, 10], over = 4 }");
        let (_, typed) = expand(&text);
        assert_eq!(typed.len(), 1, "{typed:?}");
        assert_eq!(typed[0].0, "0.75 is a computed value typed by hand");
        assert!(typed[0].1.ends_with("write {{ex.x[1]}}"), "{}", typed[0].1);
        let (printed, typed) = expand(&text.replace("0.75", "{{ex.x[3]}}"));
        assert!(typed.is_empty(), "{typed:?}");
        assert_eq!(printed, ["2.5"]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever a reference prints, typed back into the prose by hand, is caught, and the
        /// hint's reference prints exactly what was typed.
        #[test]
        fn a_value_printed_by_a_reference_and_typed_back_is_always_caught(
            values in proptest::collection::vec(-500.0f64..500.0, 3),
            row in 1usize..=3,
            decimals in 1usize..5,
        ) {
            let reference = format!("{{{{ex.y[{row}] | {decimals}dp}}}}");
            let (printed, typed) = expand(&lesson_text(&values, &format!("It is {reference}.")));
            prop_assert!(typed.is_empty(), "{typed:?}");
            let shown = printed[0].clone();
            let (_, typed) = expand(&lesson_text(&values, &format!("It is {shown}.")));
            prop_assert_eq!(typed.len(), 1, "{} not caught", shown);
            prop_assert_eq!(&typed[0].0, &format!("{shown} is a computed value typed by hand"));
            let write = typed[0].1.rsplit_once("write ").map(|(_, write)| write.to_string());
            let write = write.unwrap_or_default();
            let (again, _) = expand(&lesson_text(&values, &format!("It is {write}.")));
            prop_assert_eq!(&again, &vec![shown]);
        }
    }
}
