//! Finding a lesson's example blocks among its events and evaluating each one, with one
//! problem for a block that fails and one for a name used twice.

use super::evaluation_cache::{EvaluationCache, Evaluations};
use super::value_budget::ValueBudget;
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::blocks::data_input::DataFiles;
use crate::expand::blocks::{self, BlockKind, BlockText, ExampleBlock};
use crate::expand::markdown::{self, Spanned};
use crate::load::content::Lesson;
use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};
use std::collections::BTreeSet;
use std::ops::Range;

/// Evaluates every example block of a lesson without expanding anything (for `worked eval`).
pub fn evaluate_examples(lesson: &Lesson) -> Result<Vec<ExampleBlock>, Vec<Diagnostic>> {
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let mut problems = Vec::new();
    let budget = ValueBudget::default();
    let data = DataFiles::of(lesson);
    let evaluations = EvaluationCache::default();
    let (examples, _) = collect_examples(
        &lesson.source,
        &events,
        &mut problems,
        Evaluations {
            budget: &budget,
            cache: &evaluations,
        },
        &data,
    );
    problems.extend(budget.first_over(&[&lesson.source.path]));
    if problems.is_empty() {
        Ok(examples)
    } else {
        Err(problems)
    }
}

/// The body of the fenced block that starts at `events[start]`, and the index after its end.
pub(super) fn block_body(
    file: &SourceFile,
    events: &[Spanned<'_>],
    start: usize,
) -> (BlockText, usize) {
    let mut text = String::new();
    let mut span: Option<Range<usize>> = None;
    let mut index = start + 1;
    while index < events.len() {
        match &events[index] {
            (Event::End(TagEnd::CodeBlock), _) => break,
            (Event::Text(piece), range) => {
                text.push_str(piece);
                span = Some(match span {
                    Some(span) => span.start..range.end,
                    None => range.clone(),
                });
            }
            _ => {}
        }
        index += 1;
    }
    let fence_end = events[start].1.end;
    let span = span.unwrap_or(fence_end..fence_end);
    (BlockText::new(file, text, span), index + 1)
}

/// The kind of example block a fence starts, if it starts one.
pub(super) fn fenced_kind(event: &Event<'_>) -> Option<BlockKind> {
    match event {
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => blocks::block_kind(info),
        _ => None,
    }
}

/// Evaluated examples, and the names of those that failed (whose problems are reported once,
/// at the block, rather than again at every reference to them).
pub(super) fn collect_examples(
    file: &SourceFile,
    events: &[Spanned<'_>],
    problems: &mut Vec<Diagnostic>,
    evaluations: Evaluations<'_>,
    data: &DataFiles,
) -> (Vec<ExampleBlock>, BTreeSet<String>) {
    let mut examples: Vec<ExampleBlock> = Vec::new();
    let mut failed = BTreeSet::new();
    let mut index = 0;
    while index < events.len() {
        let Some(BlockKind::Example(kind)) = fenced_kind(&events[index].0) else {
            index += 1;
            continue;
        };
        let (body, next) = block_body(file, events, index);
        match blocks::evaluate_example(file, kind, &body, data, evaluations.cache) {
            Ok(example) => {
                evaluations
                    .budget
                    .keep(file, example.name_span.clone(), &example.evaluated);
                if let Some(first) = examples.iter().find(|other| other.name == example.name) {
                    let first_line = file.line_column(first.name_span.start).line;
                    problems.push(
                        Diagnostic::at(
                            file,
                            example.name_span.clone(),
                            format!("a second example is named \"{}\"", example.name),
                        )
                        .with_help(format!(
                            "the first is on line {first_line}; references need unique names"
                        )),
                    );
                } else {
                    examples.push(example);
                }
            }
            Err(found) => {
                problems.extend(found);
                failed.extend(written_name(&body.text));
            }
        }
        index = next;
    }
    (examples, failed)
}

/// The `name = "…"` of a block that failed, read leniently so even invalid TOML yields it.
fn written_name(toml_text: &str) -> Option<String> {
    toml_text.lines().find_map(|line| {
        let value = line
            .trim()
            .strip_prefix("name")?
            .trim_start()
            .strip_prefix('=')?
            .trim();
        let quoted = value.strip_prefix('"')?;
        Some(quoted[..quoted.find('"')?].to_string())
    })
}
