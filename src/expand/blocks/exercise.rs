//! The TOML of a ` ```exercise ` block, read and checked key by key: the exercise's name, its
//! question, answer, tolerance, hints and solution, an optional `steps` program and an optional
//! `[vary]` table. Spans are relative to the block body; the expander maps them to the file,
//! resolves the answer and references, and renders the exercise.

use super::BlockError;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// Most hints one exercise may give: each one is a click, and a long list is a solution.
pub const MAX_HINTS: usize = 8;

/// A text value of the block and where its TOML value (quotes included) sits in the body.
#[derive(Debug, Clone)]
pub struct Field {
    /// The string as TOML decodes it.
    pub text: String,
    /// Body range of the value as written, delimiters included.
    pub span: Range<usize>,
}

impl From<Spanned<String>> for Field {
    fn from(value: Spanned<String>) -> Self {
        Field {
            span: value.span(),
            text: value.into_inner(),
        }
    }
}

/// One `[vary]` entry: `example.input = "randint(-3, 3)"`.
#[derive(Debug, Clone)]
pub struct VaryEntry {
    /// The example whose input is drawn.
    pub example: String,
    /// The input drawn.
    pub input: String,
    /// The draw as written, and where.
    pub draw: Field,
    /// Body range of the key, for errors about the example or input it names.
    pub key_span: Range<usize>,
}

/// An exercise block, read but not yet resolved.
#[derive(Debug, Clone)]
pub struct ExerciseSpec {
    /// Unique in the lesson; names the exercise in ids, the URL fragment and progress.
    pub name: Field,
    /// Markdown.
    pub question: Field,
    /// A reference (`cat.weights[cat, sat]`) or a step of `steps` (`total`, `total | 2dp`).
    pub answer: Field,
    /// The largest distance from the answer that counts as right; `None` means half a unit
    /// in the last digit the answer prints.
    pub tolerance: Option<f64>,
    /// Markdown, revealed one at a time.
    pub hints: Vec<Field>,
    /// Markdown.
    pub solution: Field,
    /// A program in the compute language over the lesson's example values.
    pub steps: Option<Field>,
    /// Draws for "New numbers", in the order written.
    pub vary: Vec<VaryEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    name: Spanned<String>,
    question: Spanned<String>,
    answer: Spanned<String>,
    tolerance: Option<Spanned<toml::Value>>,
    hints: Option<Spanned<Vec<Spanned<String>>>>,
    solution: Spanned<String>,
    steps: Option<Spanned<String>>,
    vary: Option<Spanned<toml::Table>>,
}

/// What an exercise block holds, for the help of a TOML error.
pub const EXERCISE_KEYS: &str = "an exercise holds name = \"…\", question = \"\"\"…\"\"\", answer = \"<reference or step>\", solution = \"\"\"…\"\"\", and optionally tolerance = 0.0005, hints = [\"…\", …], steps = \"\"\"…\"\"\" and a [vary] table";

/// Reads the block's TOML. Every key is checked, so one build reports all the problems.
pub(crate) fn parse(text: &str) -> Result<ExerciseSpec, Vec<BlockError>> {
    let raw: RawSpec = toml::from_str(text).map_err(|error| {
        let message = error.message().trim().to_string();
        let help = if message.contains("escape") {
            "TOML reads a backslash in \"…\" or \"\"\"…\"\"\" as an escape: write text with TeX in '''…''' (literal strings)".to_string()
        } else {
            EXERCISE_KEYS.to_string()
        };
        vec![BlockError::new(
            error.span().unwrap_or(0..0),
            format!("invalid exercise: {message}"),
        )
        .help(help)]
    })?;
    let mut errors = Vec::new();
    if !valid_name(raw.name.get_ref()) {
        errors.push(
            BlockError::new(
                raw.name.span(),
                format!(
                    "\"{}\" cannot be used as an exercise name",
                    raw.name.get_ref()
                ),
            )
            .help(
                "use letters, digits, `-` and `_`, starting with a letter, e.g. name = \"cat-sat\"",
            ),
        );
    }
    for (field, what) in [
        (&raw.question, "question"),
        (&raw.answer, "answer"),
        (&raw.solution, "solution"),
    ] {
        if field.get_ref().trim().is_empty() {
            errors.push(
                BlockError::new(field.span(), format!("the exercise's {what} is empty"))
                    .help(format!("write the {what}; {EXERCISE_KEYS}")),
            );
        }
    }
    let tolerance = raw
        .tolerance
        .and_then(|tolerance| match read_tolerance(&tolerance) {
            Ok(value) => Some(value),
            Err(error) => {
                errors.push(error);
                None
            }
        });
    let hints: Vec<Field> = match raw.hints {
        None => Vec::new(),
        Some(list) => {
            let span = list.span();
            let hints: Vec<Field> = list.into_inner().into_iter().map(Field::from).collect();
            if hints.len() > MAX_HINTS {
                errors.push(
                    BlockError::new(
                        span,
                        format!("{} hints are more than {MAX_HINTS}", hints.len()),
                    )
                    .help("fold the later hints into the solution"),
                );
            }
            for hint in hints.iter().filter(|hint| hint.text.trim().is_empty()) {
                errors.push(
                    BlockError::new(hint.span.clone(), "this hint is empty")
                        .help("write the hint, or remove it from the list"),
                );
            }
            hints
        }
    };
    let vary = match raw.vary {
        None => Vec::new(),
        Some(table) => vary_entries(text, table, &mut errors),
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(ExerciseSpec {
        name: raw.name.into(),
        question: raw.question.into(),
        answer: raw.answer.into(),
        tolerance,
        hints,
        solution: raw.solution.into(),
        steps: raw.steps.map(Field::from),
        vary,
    })
}

/// Exercise names appear in ids and URL fragments: letters, digits, `-` and `_`.
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.len() <= 64
}

fn read_tolerance(tolerance: &Spanned<toml::Value>) -> Result<f64, BlockError> {
    let value = match tolerance.get_ref() {
        toml::Value::Float(x) => Some(*x),
        toml::Value::Integer(n) => Some(*n as f64),
        _ => None,
    };
    match value {
        Some(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(BlockError::new(
            tolerance.span(),
            format!(
                "`tolerance` must be a number above 0, but is {}",
                tolerance.get_ref()
            ),
        )
        .help("the largest distance from the answer that counts as right, e.g. tolerance = 0.0005; leave it out for half a unit in the last digit the answer prints")),
    }
}

/// `[vary]` holds `example.input = "draw"` entries (TOML dotted keys, so a table per example).
/// TOML tables keep no order of their own, so entries are put in the order they are written.
fn vary_entries(
    text: &str,
    table: Spanned<toml::Table>,
    errors: &mut Vec<BlockError>,
) -> Vec<VaryEntry> {
    let table_span = table.span();
    let mut entries = Vec::new();
    for (example, inputs) in table.into_inner() {
        let toml::Value::Table(inputs) = inputs else {
            errors.push(
                BlockError::new(
                    key_span(text, table_span.clone(), &example, None),
                    format!("`{example}` in [vary] names no example input"),
                )
                .help("write example.input = \"randint(-3, 3)\": the example, a dot, and one of its inputs"),
            );
            continue;
        };
        for (input, draw) in inputs {
            let span = key_span(text, table_span.clone(), &example, Some(&input));
            let toml::Value::String(draw_text) = draw else {
                errors.push(
                    BlockError::new(span, format!("the draw of {example}.{input} must be a string"))
                        .help("write it as a string: \"randint(-3, 3)\", \"uniform(0.5, 2, 1)\" or \"choice(1, 2, 4)\""),
                );
                continue;
            };
            let draw_span = value_span(text, span.end, &draw_text);
            entries.push(VaryEntry {
                example: example.clone(),
                input,
                draw: Field {
                    text: draw_text,
                    span: draw_span,
                },
                key_span: span,
            });
        }
    }
    entries.sort_by_key(|entry| entry.key_span.start);
    entries
}

/// Where `example.input` is written after `[vary]` (the TOML crate gives no spans to the keys
/// of a plain table, so the key is found in the text); the whole table when it is not found.
fn key_span(text: &str, table: Range<usize>, example: &str, input: Option<&str>) -> Range<usize> {
    let header = text
        .find("[vary]")
        .map_or(table.start, |at| at + "[vary]".len());
    let key = match input {
        Some(input) => format!("{example}.{input}"),
        None => example.to_string(),
    };
    let mut from = header;
    while let Some(at) = text.get(from..).and_then(|rest| rest.find(&key)) {
        let start = from + at;
        let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
        if text[line_start..start].trim().is_empty() {
            return start..start + key.len();
        }
        from = start + key.len();
    }
    table
}

/// Where the quoted value after the key ending at `key_end` is written.
fn value_span(text: &str, key_end: usize, value: &str) -> Range<usize> {
    let line_end = text[key_end..]
        .find('\n')
        .map_or(text.len(), |n| key_end + n);
    match text[key_end..line_end].find(value) {
        Some(at) => key_end + at - 1..key_end + at + value.len() + 1,
        None => key_end..line_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"name = "cat-sat"
question = """
What weight does "cat" give to "sat"?
"""
answer = "cat.weights[cat, sat]"
hints = ["Start from cat's row.", "Apply softmax."]
solution = """
It is {{cat.weights[cat, sat]}}.
"""
"#;

    #[test]
    fn reads_every_key_of_a_good_block() {
        let spec = parse(GOOD).unwrap();
        assert_eq!(spec.name.text, "cat-sat");
        assert_eq!(spec.hints.len(), 2);
        assert_eq!(&GOOD[spec.answer.span.clone()], "\"cat.weights[cat, sat]\"");
        assert_eq!(spec.tolerance, None);
        assert!(spec.vary.is_empty());
    }

    #[test]
    fn vary_entries_keep_their_written_order_and_place() {
        let text = format!(
            "{GOOD}steps = \"x = 1\"\n[vary]\nln.x = \"randint(-3, 3)\"\nab.t = \"uniform(0.5, 2, 1)\"\nln.eps = \"choice(1, 2)\"\n"
        );
        let spec = parse(&text).unwrap();
        let keys: Vec<String> = spec
            .vary
            .iter()
            .map(|entry| format!("{}.{}", entry.example, entry.input))
            .collect();
        assert_eq!(keys, ["ln.x", "ab.t", "ln.eps"]);
        assert_eq!(&text[spec.vary[1].key_span.clone()], "ab.t");
        assert_eq!(
            &text[spec.vary[1].draw.span.clone()],
            "\"uniform(0.5, 2, 1)\""
        );
    }

    #[test]
    fn bad_values_are_errors_at_the_value() {
        let text = GOOD.replace("answer =", "tolerance = -1\nanswer =");
        let errors = parse(&text).unwrap_err();
        assert_eq!(&text[errors[0].span.clone()], "-1");
        assert!(
            errors[0].message.contains("above 0"),
            "{}",
            errors[0].message
        );

        let text = GOOD.replace("cat-sat", "2 cats");
        let errors = parse(&text).unwrap_err();
        assert_eq!(&text[errors[0].span.clone()], "\"2 cats\"");

        let text = GOOD.replace("Apply softmax.", " ");
        let errors = parse(&text).unwrap_err();
        assert_eq!(errors[0].message, "this hint is empty");
    }

    #[test]
    fn tex_in_a_basic_string_gets_the_literal_string_hint() {
        let text = GOOD.replace("It is", r"It is $\sqrt{2}$ and");
        let errors = parse(&text).unwrap_err();
        assert!(errors[0].help.as_deref().unwrap().contains("'''"));
    }

    #[test]
    fn unknown_keys_and_missing_keys_are_errors() {
        let errors = parse(&format!("{GOOD}answr = \"x\"\n")).unwrap_err();
        assert!(errors[0].message.contains("answr"), "{}", errors[0].message);
        let errors = parse("name = \"a\"\n").unwrap_err();
        assert!(
            errors[0].message.contains("question"),
            "{}",
            errors[0].message
        );
    }
}
