//! ` ```exercise ` blocks: an exercise's answer resolved like a reference (or as a step of its
//! own `steps` program over the lesson's example values), its question, hints and solution
//! expanded as Markdown with math and references, and the whole placed as events: the question,
//! the reader's fields and buttons (for `static/js/exercise.js`), and the hints, answer and
//! solution inside a closed `<details>` that works without JavaScript. A copy of each answer
//! and solution is gathered at the end of the lesson for print.
//!
//! The exercise's steps become an example named [`STEPS`] while its texts are expanded, so
//! `{{steps.total}}` prints a step of the exercise the same way any reference prints.

use super::citations::place_citations;
use super::markdown::{self, Spanned};
use super::reference::{self, Placeholder, Reference};
use super::resolve::resolve_reference;
use super::vary_nouns::mark_counted_nouns;
use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::base::source::SourceFile;
use crate::compute::computed::{self, Labels};
use crate::compute::lang::Value;
use crate::compute::Quantity;
use crate::expand::blocks::exercise::{self, ExerciseSpec, Field};
use crate::expand::blocks::{BlockText, ExampleBlock, ExampleKind, ParsedExample};
use crate::present::exercise::{answer as answer_entries, controls_html, widest_tolerance, Answer};
use crate::present::table::{quantity_prose, quantity_table};
use crate::present::Precision;
use pulldown_cmark::{CowStr, Event};
use serde_json::json;
use std::ops::Range;

/// The name under which an exercise's own `steps` are referenced in its texts and answer.
pub const STEPS: &str = "steps";

/// Stylesheet of exercises, relative to the output root.
const EXERCISE_STYLESHEET: &str = "exercise.css";
/// Scripts of exercises, in load order.
const EXERCISE_SCRIPTS: [&str; 2] = ["js/exercise-answer.js", "js/exercise.js"];
/// Scripts of an exercise with `[vary]`: the language and the formatting run its draws.
const VARY_SCRIPTS: [&str; 5] = [
    "js/exercise-answer.js",
    "js/exercise.js",
    "js/compute-lang.js",
    "js/worked-format.js",
    "js/exercise-vary.js",
];

/// What the lesson's exercises have gathered so far.
#[derive(Default)]
pub(super) struct Exercises {
    /// Names of the exercises placed, in order: numbers them and catches a repeated name.
    names: Vec<(String, Range<usize>)>,
    /// Each exercise's answer and solution again, for the end of the printed lesson.
    printed: Vec<Spanned<'static>>,
    /// Whether the texts being expanded belong to an exercise (which cannot hold another).
    inside: bool,
    /// Inside an exercise: the references its texts print, in order, and where.
    seen: Vec<Seen>,
}

/// A reference an exercise's text prints (`None`: a matrix shown as a table), where, and whether
/// in prose (which the browser can reprint) rather than math.
pub(super) struct Seen {
    pub(super) reference: Option<Reference>,
    pub(super) span: Range<usize>,
    pub(super) prose: bool,
}

impl Exercises {
    /// Notes a reference printed in an exercise's text.
    pub(super) fn saw(&mut self, reference: &Reference, span: Range<usize>, prose: bool) {
        if self.inside {
            self.seen.push(Seen {
                reference: Some(reference.clone()),
                span,
                prose,
            });
        }
    }

    /// Notes a matrix printed as a table in an exercise's text.
    pub(super) fn saw_table(&mut self, span: Range<usize>) {
        if self.inside {
            self.seen.push(Seen {
                reference: None,
                span,
                prose: false,
            });
        }
    }

    /// The printed solutions, as the events that end the lesson (none without exercises).
    pub(super) fn print_section(self) -> Vec<Spanned<'static>> {
        if self.printed.is_empty() {
            return Vec::new();
        }
        let end = self.printed.last().map_or(0..0, |(_, span)| span.clone());
        let mut events = vec![html(
            "<section class=\"exercise-print-solutions\">\n<p class=\"exercise-print-heading\">Solutions</p>\n",
            end.clone(),
        )];
        events.extend(self.printed);
        events.push(html("</section>\n", end));
        events
    }
}

fn html(text: impl Into<String>, span: Range<usize>) -> Spanned<'static> {
    (Event::Html(CowStr::from(text.into())), span)
}

impl Expander<'_> {
    /// The events of an exercise block spanning `block` in the file; nothing when it has a
    /// problem (recorded at its place).
    pub(super) fn exercise(
        &mut self,
        body: &BlockText,
        block: Range<usize>,
    ) -> Vec<Spanned<'static>> {
        if self.exercises.inside {
            self.problems.push(
                Diagnostic::at(self.file, block, "an exercise cannot hold another exercise")
                    .with_help("end the first exercise's block before starting the next"),
            );
            return Vec::new();
        }
        let spec = match exercise::parse(&body.text) {
            Ok(spec) => spec,
            Err(errors) => {
                for error in errors {
                    self.problems.push(
                        Diagnostic::at(self.file, body.file_span(error.span), error.message)
                            .with_optional_help(error.help),
                    );
                }
                return Vec::new();
            }
        };
        let name = spec.name.text.clone();
        let name_span = body.file_span(spec.name.span.clone());
        if let Some((_, first)) = self.exercises.names.iter().find(|(seen, _)| *seen == name) {
            let line = self.file.line_column(first.start).line;
            self.problems.push(
                Diagnostic::at(self.file, name_span, format!("a second exercise is named \"{name}\""))
                    .with_help(format!("the first is on line {line}; exercises need unique names (they name the reader's progress)")),
            );
            return Vec::new();
        }
        self.exercises.names.push((name.clone(), name_span));
        let number = self.exercises.names.len();
        let Some((examples, program, needed)) = self.exercise_examples(&spec, body) else {
            return Vec::new();
        };
        let mut inner = Expander {
            file: self.file,
            examples: &examples,
            failed_examples: self.failed_examples,
            evaluations: self.evaluations,
            decimals: self.decimals,
            problems: Vec::new(),
            sightings: Vec::new(),
            shown_wrong: Vec::new(),
            unanswerable: Vec::new(),
            printable: Default::default(),
            scripts: Vec::new(),
            stylesheets: Default::default(),
            figures: self.figures,
            palette: self.palette.clone(),
            labels: self.labels,
            citations: self.citations,
            exercises: Exercises {
                inside: true,
                ..Default::default()
            },
        };
        let answer = inner.exercise_answer(&spec, body);
        let question = inner.exercise_text(&spec.question, body);
        let hints: Vec<_> = spec
            .hints
            .iter()
            .map(|hint| inner.exercise_text(hint, body))
            .collect();
        let solution = inner.exercise_text(&spec.solution, body);
        // A drawn count may be 1 where the lesson's is not, or the other way round.
        let (question, hints, solution) = if spec.vary.is_empty() {
            (question, hints, solution)
        } else {
            (
                question.map(mark_counted_nouns),
                hints
                    .into_iter()
                    .map(|hint| hint.map(mark_counted_nouns))
                    .collect(),
                solution.map(mark_counted_nouns),
            )
        };
        let seen = std::mem::take(&mut inner.exercises.seen);
        let vary = match &answer {
            Some((_, _, reference)) if !spec.vary.is_empty() => {
                inner.vary_data(&spec, body, &program, &needed, &seen, reference)
            }
            _ => None,
        };
        self.figures = inner.figures;
        self.palette = inner.palette;
        self.problems.append(&mut inner.problems);
        self.sightings.append(&mut inner.sightings);
        self.shown_wrong.append(&mut inner.shown_wrong);
        self.unanswerable.append(&mut inner.unanswerable);
        self.printable.append(inner.printable);
        for script in inner.scripts {
            if !self.scripts.contains(&script) {
                self.scripts.push(script);
            }
        }
        self.stylesheets.append(&mut inner.stylesheets);
        let (Some((answer, answer_html, _)), Some(question), Some(solution)) =
            (answer, question, solution)
        else {
            return Vec::new();
        };
        // `vary_data` (or the answer) has recorded why the draws cannot be shown.
        if vary.is_none() && !spec.vary.is_empty() {
            return Vec::new();
        }
        let Some(hints) = hints.into_iter().collect::<Option<Vec<_>>>() else {
            return Vec::new();
        };
        let scripts = if vary.is_some() {
            &VARY_SCRIPTS[..]
        } else {
            &EXERCISE_SCRIPTS[..]
        };
        for script in scripts {
            if !self.scripts.contains(script) {
                self.scripts.push(script);
            }
        }
        self.stylesheets.insert(EXERCISE_STYLESHEET);
        let id = format!("exercise-{name}");
        let title = format!("Exercise {number}");
        let mut events = vec![html(
            format!(
                "<section class=\"worked-exercise\" id=\"{id}\" data-exercise=\"{}\" aria-labelledby=\"{id}-title\">\n<p class=\"exercise-title\" id=\"{id}-title\">{title}</p>\n<div class=\"exercise-question\">\n",
                escape_html(&name)
            ),
            block.clone(),
        )];
        events.extend(question);
        events.push(html(
            format!(
                "</div>\n{}<details class=\"exercise-solution\">\n<summary>{}</summary>\n",
                controls_html(&id, &answer, !hints.is_empty(), !spec.vary.is_empty()),
                if hints.is_empty() {
                    "Answer and solution"
                } else {
                    "Hints, answer and solution"
                }
            ),
            block.clone(),
        ));
        if !hints.is_empty() {
            events.push(html("<div class=\"exercise-hints\">\n", block.clone()));
            for (index, hint) in hints.into_iter().enumerate() {
                events.push(html(
                    format!(
                        "<div class=\"exercise-hint\"><p class=\"exercise-hint-label\">Hint {}</p>\n",
                        index + 1
                    ),
                    block.clone(),
                ));
                events.extend(hint);
                events.push(html("</div>\n", block.clone()));
            }
            events.push(html("</div>\n", block.clone()));
        }
        let mut worked = vec![html(
            format!("<p class=\"exercise-answer\">Answer: {answer_html}</p>\n<div class=\"exercise-worked\">\n"),
            block.clone(),
        )];
        worked.extend(solution);
        worked.push(html("</div>\n", block.clone()));
        self.exercises.printed.push(html(
            format!("<div class=\"exercise-printed\" data-exercise=\"{}\"><p class=\"exercise-title\">{title}</p>\n", escape_html(&name)),
            block.clone(),
        ));
        self.exercises.printed.extend(worked.iter().cloned());
        self.exercises.printed.push(html("</div>\n", block.clone()));
        events.extend(worked);
        let data = json!({
            "vary": vary,
            "name": name,
            "answer": answer.entries.iter().map(|entry| entry.value).collect::<Vec<_>>(),
            "tolerance": answer.entries.iter().map(|entry| entry.tolerance).collect::<Vec<_>>(),
            "printed": answer.entries.iter().map(|entry| entry.printed.clone()).collect::<Vec<_>>(),
        });
        // `<` never appears raw inside the JSON, so no text can close the <script> element.
        let json = data.to_string().replace('<', "\\u003c");
        events.push(html(
            format!("</details>\n<script type=\"application/json\" data-exercise-data>{json}</script>\n</section>\n"),
            block,
        ));
        events
    }

    /// The lesson's examples, plus the exercise's own `steps` as the example [`STEPS`].
    fn exercise_examples(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
    ) -> Option<(Vec<ExampleBlock>, String, Vec<Needed>)> {
        let mut examples = self.examples.to_vec();
        let Some(steps) = &spec.steps else {
            return Some((examples, String::new(), Vec::new()));
        };
        let value_span = body.file_span(steps.span.clone());
        if self.is_example(STEPS) {
            self.problems.push(
                Diagnostic::at(self.file, value_span, format!("an example of this lesson is named \"{STEPS}\", the name an exercise's steps take"))
                    .with_help(format!("rename that example: references such as {{{{{STEPS}.total}}}} name the exercise's own steps")),
            );
            return None;
        }
        let start = verbatim_start(self.file, steps, body);
        let at = |range: Range<usize>| match start {
            Some(start) => start + range.start..start + range.end.max(range.start + 1),
            None => value_span.clone(),
        };
        let (program, inputs) = match example_values(&steps.text, &examples) {
            Ok(found) => found,
            Err((range, message, help)) => {
                self.problems
                    .push(Diagnostic::at(self.file, at(range), message).with_help(help));
                return None;
            }
        };
        let values = inputs
            .iter()
            .map(|needed| (needed.name.clone(), needed.value.clone()))
            .collect();
        match computed::compute(&program, values, Labels::default()) {
            Ok(result) => {
                examples.push(ExampleBlock {
                    kind: ExampleKind::Compute,
                    parsed: ParsedExample {
                        name: STEPS.to_string(),
                        name_span: value_span,
                        evaluated: crate::compute::Evaluated::Compute(result),
                        inputs: serde_json::Value::Null,
                        expectations: Vec::new(),
                        show: false,
                        shown: Vec::new(),
                    },
                    numbers: Default::default(),
                });
                Some((examples, program, inputs))
            }
            Err(error) => {
                let help = error.hint.unwrap_or_else(|| {
                    "the steps name the lesson's example values as example.quantity (cat.weights), subscripts counting from 0".to_string()
                });
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        at(error.span),
                        format!("in the exercise's steps: {}", error.message),
                    )
                    .with_help(help),
                );
                None
            }
        }
    }

    /// A Markdown field expanded as the lesson's own text is: references, math, typed numbers.
    fn exercise_text(&mut self, field: &Field, body: &BlockText) -> Option<Vec<Spanned<'static>>> {
        let Some(start) = verbatim_start(self.file, field, body) else {
            self.problems.push(
                Diagnostic::at(self.file, body.file_span(field.span.clone()), "this text must be written as it reads: without backslash escapes, and not inside a list or quote")
                    .with_help("write Markdown in \"\"\"…\"\"\", or in '''…''' when it holds TeX's backslashes"),
            );
            return None;
        };
        let events = markdown::parse(&self.file.text, start..start + field.text.len());
        let events: Vec<Spanned<'static>> = place_citations(self.file, events, self.citations)
            .into_iter()
            .map(|(event, span)| (event.into_static(), span))
            .collect();
        let before = self.problems.len();
        let expanded = self.expand(events);
        let expanded: Vec<Spanned<'static>> = expanded
            .into_iter()
            .map(|(event, span)| (event.into_static(), span))
            .collect();
        (self.problems.len() == before).then_some(expanded)
    }

    /// The answer: its entries for the reader's fields, and its HTML for the solution.
    fn exercise_answer(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
    ) -> Option<(Answer, String, Reference)> {
        let field = &spec.answer;
        let written = field.text.trim();
        let value_span = body.file_span(field.span.clone());
        let start = verbatim_start(self.file, field, body);
        let first_word = written
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or_default();
        let is_step = self.examples.iter().any(|example| {
            example.name == STEPS && example.evaluated.quantity(first_word).is_some()
        }) && !written[first_word.len()..].starts_with('.');
        let head = written
            .split(|c: char| c == '[' || c == '|' || c.is_whitespace())
            .next()
            .unwrap_or_default();
        if !is_step && !head.contains('.') {
            let (message, help) = if spec.steps.is_some() {
                (
                    format!("`{head}` is not a step of the exercise's steps"),
                    format!(
                        "its steps: {}; or name an example's value as example.quantity",
                        self.step_names()
                    ),
                )
            } else {
                (
                    format!("`{head}` names no example value"),
                    "write the answer as a reference, example.quantity[…] (cat.weights[cat, sat]), or compute it in steps = \"\"\"…\"\"\" and name a step".to_string(),
                )
            };
            self.problems
                .push(Diagnostic::at(self.file, value_span, message).with_help(help));
            return None;
        }
        let text = if is_step {
            format!("{STEPS}.{written}")
        } else {
            written.to_string()
        };
        // An offset in `text` as a file span: exact when the answer is written verbatim.
        let leading = field.text.len() - field.text.trim_start().len();
        let shift = if is_step { STEPS.len() + 1 } else { 0 };
        let at = |offset: usize| match start {
            Some(start) => {
                let at = start + leading + offset.saturating_sub(shift);
                at..at + 1
            }
            None => value_span.clone(),
        };
        let reference = match reference::parse(&text) {
            Ok(Placeholder::Value(reference)) => reference,
            Ok(Placeholder::Literal(_)) => {
                self.problems.push(
                    Diagnostic::at(self.file, value_span, "an exercise's answer must be computed, not a literal")
                        .with_help("write a reference such as answer = \"cat.weights[cat, sat]\", or a step of the exercise's steps"),
                );
                return None;
            }
            Err(error) => {
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        at(error.offset),
                        format!("cannot read this answer: {}", error.message),
                    )
                    .with_help(error.help),
                );
                return None;
            }
        };
        if self.mentions_failed_example(&reference) {
            return None;
        }
        let quantity = match resolve_reference(&reference, self.examples) {
            Ok(quantity) => quantity,
            Err((message, help)) => {
                let help = help.unwrap_or_default();
                let steps = if spec.steps.is_some() {
                    format!(
                        "; or name a step of the exercise's steps ({})",
                        self.step_names()
                    )
                } else {
                    String::new()
                };
                self.problems.push(
                    Diagnostic::at(self.file, value_span, format!("the answer: {message}"))
                        .with_help(format!("{help}{steps}")),
                );
                return None;
            }
        };
        let precision = self.precision(&reference);
        let answer = match answer_entries(&quantity, precision, spec.tolerance) {
            Ok(answer) => answer,
            Err(message) => {
                self.problems.push(
                    Diagnostic::at(self.file, value_span, format!("the answer {reference}: {message}"))
                        .with_help("ask for a number, a vector or a small matrix: pick an entry or a row with [ … ]"),
                );
                return None;
            }
        };
        if let Some(tolerance) = spec.tolerance {
            let widest = widest_tolerance(&answer);
            if tolerance > widest {
                self.problems.push(
                    Diagnostic::at(self.file, value_span, format!("`tolerance` is wider than half the answer {reference} (at most {widest}, and 0.5 for an answer below 1): a reader typing 0 or any number near it would be right"))
                        .with_help(format!("set tolerance to at most {widest}, or leave it out for half a unit in the last digit the answer prints")),
                );
                return None;
            }
        }
        self.printable
            .add_reference(&reference, &quantity, precision, None);
        let html = answer_html(&reference, &quantity, precision);
        Some((answer, html, reference))
    }

    /// The steps of the exercise's program, for hints.
    fn step_names(&self) -> String {
        self.examples
            .iter()
            .find(|example| example.name == STEPS)
            .map(|example| example.evaluated.quantity_names().join(", "))
            .unwrap_or_default()
    }
}

/// The answer as the solution prints it: a number or a vector inline, a matrix as a table.
fn answer_html(reference: &Reference, quantity: &Quantity, precision: Precision) -> String {
    let attributes = format!("data-ref=\"{}\"", escape_html(&reference.to_string()));
    match quantity_prose(quantity, precision, false) {
        Some(text) => format!(
            "<span class=\"worked-ref exercise-expected\" {attributes}>{}</span>",
            escape_html(&text)
        ),
        None => quantity_table(quantity, precision, &attributes, None).unwrap_or_default(),
    }
}

/// The steps with every `example.quantity` they name turned into one input name
/// (`cat.weights` → `cat_weights`, the same length, so error columns stay true), and those
/// inputs' values. A name before a dot that is no example is left to the language (`x.T`).
pub(super) fn example_values(
    steps: &str,
    examples: &[ExampleBlock],
) -> Result<(String, Vec<Needed>), StepsProblem> {
    let mut program = String::with_capacity(steps.len());
    let mut inputs: Vec<Needed> = Vec::new();
    for line in steps.split_inclusive('\n') {
        let line_start = program.len();
        let code_end = line.find('#').unwrap_or(line.len());
        let mut rewritten = line[..code_end].to_string();
        let bytes = line.as_bytes();
        let mut at = 0;
        while at < code_end {
            let starts_name = (bytes[at].is_ascii_alphabetic() || bytes[at] == b'_')
                && (at == 0
                    || !(bytes[at - 1].is_ascii_alphanumeric()
                        || matches!(bytes[at - 1], b'_' | b'.')));
            if !starts_name {
                at += 1;
                continue;
            }
            let end = at
                + line[at..code_end]
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .count();
            let word = &line[at..end];
            let Some(example) = examples.iter().find(|example| example.name == word) else {
                at = end;
                continue;
            };
            if bytes.get(end) != Some(&b'.') {
                at = end;
                continue;
            }
            let rest = &line[end + 1..code_end];
            // The longest quantity that the text continues with (`h1.weights` before `h1`).
            let mut names = example.evaluated.quantity_names();
            names.sort_by_key(|name| std::cmp::Reverse(name.len()));
            let found = names.into_iter().find(|name| {
                rest.starts_with(name.as_str())
                    && !rest[name.len()..]
                        .bytes()
                        .next()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
            let Some(quantity_name) = found else {
                let wanted: String = rest
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .map(char::from)
                    .collect();
                return Err((
                    line_start + at..line_start + end + 1 + wanted.len(),
                    format!("example \"{word}\" has no quantity `{wanted}`"),
                    format!(
                        "its quantities: {}",
                        example.evaluated.quantity_names().join(", ")
                    ),
                ));
            };
            let input = format!("{word}_{}", quantity_name.replace('.', "_"));
            let span_end = end + 1 + quantity_name.len();
            rewritten.replace_range(at..span_end, &input);
            if !inputs.iter().any(|needed| needed.name == input) {
                let Some(needed) = Needed::of(example, &quantity_name) else {
                    return Err((
                        line_start + at..line_start + span_end,
                        format!(
                            "{word}.{quantity_name} is text, which the steps cannot compute with"
                        ),
                        "name a number, a vector or a matrix".to_string(),
                    ));
                };
                inputs.push(needed);
            }
            at = span_end;
        }
        program.push_str(&rewritten);
        program.push_str(&line[code_end..]);
    }
    Ok((program, inputs))
}

/// A mistake in an exercise's steps: where in them, what, and the help.
type StepsProblem = (Range<usize>, String, String);

/// A value of an example that the exercise's program takes as an input.
#[derive(Clone)]
pub(super) struct Needed {
    /// The program's name for it: `cat_weights` for `cat.weights`.
    pub(super) name: String,
    /// The example it belongs to.
    pub(super) example: String,
    /// Its quantity there.
    pub(super) quantity: String,
    /// Its value in the lesson.
    pub(super) value: Value,
}

impl Needed {
    /// `example.quantity` as an input of the program; `None` for text.
    pub(super) fn of(example: &ExampleBlock, quantity: &str) -> Option<Needed> {
        let value = quantity_value(&example.evaluated.quantity(quantity)?)?;
        Some(Needed {
            name: format!("{}_{}", example.name, quantity.replace('.', "_")),
            example: example.name.clone(),
            quantity: quantity.to_string(),
            value,
        })
    }
}

/// A quantity as the compute language's value; text has none.
fn quantity_value(quantity: &Quantity) -> Option<Value> {
    Some(match quantity {
        Quantity::Count(count) => Value::Scalar(*count as f64),
        Quantity::Scalar(x) => Value::Scalar(*x),
        Quantity::Vector { values, .. } => Value::Vector(values.clone()),
        Quantity::Matrix { values, .. } => Value::Matrix(values.clone()),
        Quantity::Text(_) => return None,
    })
}

/// The file offset where a field's text starts, when the file holds it exactly as TOML
/// decodes it (no escapes, not de-indented inside a list), so spans inside it are exact.
pub(super) fn verbatim_start(file: &SourceFile, field: &Field, body: &BlockText) -> Option<usize> {
    let value = body.file_span(field.span.clone());
    let written = file.text.get(value.clone())?;
    let delimiter = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|delimiter| written.starts_with(delimiter))?;
    let mut start = value.start + delimiter.len();
    if delimiter.len() == 3 {
        let rest = &file.text[start..];
        start += if rest.starts_with("\r\n") {
            2
        } else {
            usize::from(rest.starts_with('\n'))
        };
    }
    (file.text.get(start..start + field.text.len()) == Some(field.text.as_str())).then_some(start)
}

/// The Markdown texts an exercise block shows (question, hints and solution), each parsed at
/// its place in the file; a block that does not parse, or a text not written as it reads, has
/// none here (expanding the exercise reports it).
pub(super) fn exercise_texts<'f>(file: &'f SourceFile, body: &BlockText) -> Vec<Vec<Spanned<'f>>> {
    let Ok(spec) = exercise::parse(&body.text) else {
        return Vec::new();
    };
    std::iter::once(&spec.question)
        .chain(&spec.hints)
        .chain(std::iter::once(&spec.solution))
        .filter_map(|field| {
            let start = verbatim_start(file, field, body)?;
            Some(markdown::parse(&file.text, start..start + field.text.len()))
        })
        .collect()
}
