//! Fenced blocks that are not code: example blocks (` ```attention `, ` ```softmax `, …),
//! widgets (` ```widget `), figures (` ```figure `) and exercises (` ```exercise `).
//!
//! Input: the info string and body text of a fenced block plus where that body sits in the
//! lesson file. Output: an evaluated [`ExampleBlock`], or diagnostics that point at the exact
//! TOML key or number at fault. This stage turns TOML into the compute core's typed inputs and
//! calls it; it never computes with the numbers itself.

mod attention;
mod compute;
pub mod data_input;
pub mod domain;
pub mod exercise;
mod expect;
mod gradient_descent;
mod softmax;
mod toml_input;
mod vectors;

use super::evaluation_cache::{EvaluationCache, ExampleIdentity, KeptNumbers};
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::compute::kind::{KindInput, KindRun, Source};
use crate::compute::{ComputeError, Evaluated};
use std::collections::BTreeMap;
use std::ops::Range;

pub use expect::Expectation;

/// What a fenced block's info string asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// An example evaluated by the compute core.
    Example(ExampleKind),
    /// An interactive widget for an example.
    Widget,
    /// A picture drawn from an example's numbers.
    Figure,
    /// An exercise whose answer the examples compute.
    Exercise,
}

/// The kinds of example the compute core evaluates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExampleKind {
    /// Scaled dot-product attention.
    Attention,
    /// Softmax with temperature, loss and a temperature sweep.
    Softmax,
    /// Named vectors: lengths, angles, a projection.
    Vectors,
    /// Gradient descent on a least-squares line fit.
    GradientDescent,
    /// A program of named steps in the compute language.
    Compute,
}

impl ExampleKind {
    /// The info-string word, also the `kind` in `eval --json`.
    pub fn name(self) -> &'static str {
        match self {
            ExampleKind::Attention => "attention",
            ExampleKind::Softmax => "softmax",
            ExampleKind::Vectors => "vectors",
            ExampleKind::GradientDescent => "gradient_descent",
            ExampleKind::Compute => "compute",
        }
    }
}

/// Recognises our blocks by the first word of the info string; other blocks stay code.
pub fn block_kind(info: &str) -> Option<BlockKind> {
    match info.split_whitespace().next()? {
        "attention" => Some(BlockKind::Example(ExampleKind::Attention)),
        "softmax" => Some(BlockKind::Example(ExampleKind::Softmax)),
        "vectors" => Some(BlockKind::Example(ExampleKind::Vectors)),
        "gradient_descent" => Some(BlockKind::Example(ExampleKind::GradientDescent)),
        "compute" => Some(BlockKind::Example(ExampleKind::Compute)),
        "widget" => Some(BlockKind::Widget),
        "figure" => Some(BlockKind::Figure),
        "exercise" => Some(BlockKind::Exercise),
        _ => None,
    }
}

/// A block's body text and where each piece of it sits in the lesson file. Inside a list or a
/// block quote the body is de-indented, so body offsets and file offsets differ per line.
#[derive(Debug, Clone)]
pub struct BlockText {
    /// The TOML, as pulldown-cmark hands it over.
    pub text: String,
    /// (offset in `text`, offset in the file) at the start of each line.
    lines: Vec<(usize, usize)>,
}

impl BlockText {
    /// Maps `text` (from the file range `span`) back to file offsets line by line.
    pub fn new(file: &SourceFile, text: String, span: Range<usize>) -> Self {
        let mut lines = Vec::new();
        let mut file_cursor = span.start;
        let mut text_offset = 0;
        for line in text.split_inclusive('\n') {
            let content = line.trim_end_matches(['\n', '\r']);
            let found = file.text[file_cursor..span.end.max(file_cursor)]
                .find(content)
                .map_or(file_cursor, |at| file_cursor + at);
            lines.push((text_offset, found));
            file_cursor = found + content.len();
            text_offset += line.len();
        }
        BlockText { text, lines }
    }

    /// The file offset of a body offset.
    pub fn file_offset(&self, offset: usize) -> usize {
        let line = self.lines.partition_point(|&(start, _)| start <= offset);
        match line.checked_sub(1).map(|line| self.lines[line]) {
            Some((text_start, file_start)) => file_start + (offset - text_start),
            None => offset,
        }
    }

    /// The file range of a body range.
    pub fn file_span(&self, span: Range<usize>) -> Range<usize> {
        self.file_offset(span.start)..self.file_offset(span.end)
    }
}

/// A problem inside a block's TOML, with a body-relative span.
#[derive(Debug, Clone)]
pub(crate) struct BlockError {
    pub span: Range<usize>,
    pub message: String,
    pub help: Option<String>,
}

impl BlockError {
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        BlockError {
            span,
            message: message.into(),
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    /// The compute core's `error` about an input, said at `span` (the value it is about), in the
    /// core's words: the reader and the core word a bad input alike.
    pub fn from_compute(span: Range<usize>, error: ComputeError) -> Self {
        BlockError {
            span,
            message: error.message,
            help: error.hint,
        }
    }
}

/// An evaluated example: its kind, what its block's reader made of it (read through it as
/// `example.name`, `example.evaluated`…) with its spans in the lesson file, and its numbers.
#[derive(Debug, Clone)]
pub struct ExampleBlock {
    /// The block's kind.
    pub kind: ExampleKind,
    /// The example as its block's reader made it, its spans moved from the block's body into
    /// the lesson file.
    pub parsed: ParsedExample,
    /// Its numbers for the typed-number check, kept with its evaluation.
    pub(crate) numbers: KeptNumbers,
}

impl std::ops::Deref for ExampleBlock {
    type Target = ParsedExample;

    /// The example's fields, read as the block's own: a block is its parsed example placed in
    /// a lesson.
    fn deref(&self) -> &ParsedExample {
        &self.parsed
    }
}

/// Parses and evaluates one example block, or takes its values from `evaluations`.
pub fn evaluate_example(
    file: &SourceFile,
    kind: ExampleKind,
    body: &BlockText,
    data: &data_input::DataFiles,
    evaluations: &EvaluationCache,
) -> Result<ExampleBlock, Vec<Diagnostic>> {
    let identity = ExampleIdentity {
        kind,
        text: body.text.clone(),
        data: data.identity(),
    };
    let (parsed, numbers) = evaluations.example(identity, || match kind {
        ExampleKind::Attention => attention::evaluate(&body.text),
        ExampleKind::Softmax => softmax::evaluate(&body.text),
        ExampleKind::Vectors => vectors::evaluate(&body.text),
        ExampleKind::GradientDescent => gradient_descent::evaluate(&body.text),
        ExampleKind::Compute => compute::evaluate(&body.text, data),
    });
    let to_diagnostic = |error: BlockError| {
        Diagnostic::at(file, body.file_span(error.span), error.message)
            .with_optional_help(error.help)
    };
    let parsed =
        parsed.map_err(|errors| errors.into_iter().map(to_diagnostic).collect::<Vec<_>>())?;
    let block = ExampleBlock {
        kind,
        parsed: ParsedExample {
            name_span: body.file_span(parsed.name_span),
            expectations: (parsed.expectations.into_iter())
                .map(|expectation| expectation.in_file(body))
                .collect(),
            ..parsed
        },
        numbers,
    };
    let mismatches: Vec<Diagnostic> = block
        .expectations
        .iter()
        .flat_map(|expectation| expectation.check(file, &block))
        .collect();
    if mismatches.is_empty() {
        Ok(block)
    } else {
        Err(mismatches)
    }
}

/// What each kind's parser hands back: the example, with spans in the block's body (in the
/// lesson file once an [`ExampleBlock`] holds it).
#[derive(Debug, Clone)]
pub struct ParsedExample {
    /// The example's `name`, unique in its lesson.
    pub name: String,
    /// Span of the `name` value, for duplicate-name errors.
    pub name_span: Range<usize>,
    /// Everything the compute core computed.
    pub evaluated: Evaluated,
    /// The inputs as JSON, embedded in pages for the reader-side widget.
    pub inputs: serde_json::Value,
    /// Values pinned in the block's `[expect]` table.
    pub expectations: Vec<Expectation>,
    /// Whether the page shows the example's inputs as a card where the block stands
    /// (`show = false` for lessons that present the inputs in prose).
    pub show: bool,
    /// What a built-in kind's widget prints for readers without JavaScript: its tables, by
    /// name and caption, in order (its block reader's list; a name the example lacks is left
    /// out where they are printed). Empty for a compute example, whose widget prints every
    /// value.
    pub shown: Vec<(String, String)>,
}

/// Names and captions of a kind's tables, from its fixed list (see [`ParsedExample::shown`]).
pub(crate) fn shown(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(name, caption)| (name.to_string(), caption.to_string()))
        .collect()
}

/// The block's `show` key: `true` (also when left out) places the card of its inputs, `false`
/// leaves them to the prose. Read as any TOML value so a string or number gets its own error
/// rather than serde's "invalid type".
pub(crate) fn show_card(show: Option<&toml::Spanned<toml::Value>>) -> Result<bool, BlockError> {
    match show.map(|show| (show.get_ref(), show.span())) {
        None => Ok(true),
        Some((toml::Value::Boolean(show), _)) => Ok(*show),
        Some((other, span)) => Err(BlockError::new(
            span,
            format!("`show` must be true or false, but is {other}"),
        )
        .help("show = false hides the card of the example's inputs (for a lesson that presents them in prose); leave it out to show the card")),
    }
}

/// The end every built-in kind's reader shares, once its inputs read: the example from `run`
/// (the kind's evaluation and its widget's data), with the tables `shown` lists, the block's
/// `show` key and its `[expect]` table. A compute error stands at the value of the key it names
/// (`field`), else at the example's name.
fn kind_example(
    text: &str,
    name: &toml::Spanned<String>,
    show: Option<&toml::Spanned<toml::Value>>,
    expect: Option<&expect::ExpectTable>,
    run: Result<(KindRun, serde_json::Value), ComputeError>,
    shown: impl FnOnce(&KindRun) -> Vec<(String, String)>,
) -> Result<ParsedExample, Vec<BlockError>> {
    let (evaluated, inputs) = run.map_err(|error| {
        // The block read, so its keys read again, each with the span of its value.
        let keys: BTreeMap<String, toml::Spanned<toml::Value>> =
            toml::from_str(text).unwrap_or_default();
        let span = (error.field.as_deref())
            .and_then(|field| keys.get(field))
            .map_or(name.span(), toml::Spanned::span);
        vec![BlockError::from_compute(span, error)]
    })?;
    Ok(ParsedExample {
        name: name.get_ref().clone(),
        show: show_card(show).map_err(|error| vec![error])?,
        name_span: name.span(),
        shown: shown(&evaluated),
        evaluated: Evaluated::Kind(evaluated),
        inputs,
        expectations: expect::read(text, expect).map_err(|error| vec![error])?,
    })
}

/// Declares a built-in kind's block, `struct Spec { own keys }`, with the keys every kind's
/// block has around its own: `name` first, `[expect]` and `show` last (the order serde lists a
/// block's keys in when one is unknown), read through [`KindSpec`] by [`read_kind`].
macro_rules! kind_spec {
    ($(#[$meta:meta])* struct $spec:ident { $($(#[$doc:meta])* $key:ident: $type:ty,)* }) => {
        $(#[$meta])*
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $spec {
            name: toml::Spanned<String>,
            $($(#[$doc])* $key: $type,)*
            expect: Option<super::expect::ExpectTable>,
            show: Option<toml::Spanned<toml::Value>>,
        }

        impl super::KindSpec for $spec {
            fn common(&self) -> super::Common<'_> {
                let (show, expect) = (self.show.as_ref(), self.expect.as_ref());
                super::Common { name: &self.name, show, expect }
            }
        }
    };
}
pub(crate) use kind_spec;

/// The keys every built-in kind's block has beside its own ([`kind_spec`]).
pub(crate) struct Common<'a> {
    name: &'a toml::Spanned<String>,
    show: Option<&'a toml::Spanned<toml::Value>>,
    expect: Option<&'a expect::ExpectTable>,
}

/// A built-in kind's block as TOML reads it, declared by [`kind_spec`].
pub(crate) trait KindSpec: serde::de::DeserializeOwned {
    /// The keys every kind's block has.
    fn common(&self) -> Common<'_>;
}

/// Reads and evaluates a built-in kind's block, the one way every kind's reader goes: its TOML
/// (a block that does not parse is told every key, the kind's own `keys` between `name` and
/// `[expect]`), its name, the kind's `input` read from its own keys (each problem added to the
/// errors it is given, so a block reports all of them at once), then the kind's run with its
/// `widget`'s data ([`run_kind`]) and the tables `shown` ([`kind_example`]). The `widget` is
/// given the run as well as the input for the kinds whose data depends on it (the descent's);
/// the others ignore it.
pub(crate) fn read_kind<S: KindSpec, K: KindInput>(
    text: &str,
    keys: &str,
    input: impl FnOnce(&S, &mut Vec<BlockError>) -> Option<K>,
    widget: impl FnOnce(&K, &KindRun) -> serde_json::Value,
    shown: impl FnOnce(&KindRun) -> Vec<(String, String)>,
) -> Result<ParsedExample, Vec<BlockError>> {
    let keys = format!("name, {keys}, [expect] (optional), show (optional)");
    let spec: S = toml_input::parse_toml(text, &keys).map_err(|error| vec![error])?;
    let Common { name, show, expect } = spec.common();
    let mut errors = name_problems(name);
    let input = input(&spec, &mut errors);
    let (Some(input), true) = (input, errors.is_empty()) else {
        return Err(errors);
    };
    let run = run_kind(&input, name.get_ref(), |run| widget(&input, run));
    kind_example(text, name, show, expect, run, shown)
}

/// [`read_kind`] for a kind whose widget's data is its input's alone and whose tables shown are
/// a fixed list of names and captions (softmax, vectors).
pub(crate) fn read_plain_kind<S: KindSpec, K: KindInput>(
    text: &str,
    keys: &str,
    input: impl FnOnce(&S, &mut Vec<BlockError>) -> Option<K>,
    widget: impl FnOnce(&K) -> serde_json::Value,
    tables: &[(&str, &str)],
) -> Result<ParsedExample, Vec<BlockError>> {
    read_kind(
        text,
        keys,
        input,
        |input, _| widget(input),
        |_| shown(tables),
    )
}

/// The value of `result`, or `None` with its error added to `errors`: lets a parser read every
/// key and report all problems at once instead of stopping at the first.
pub(crate) fn ok_or_record<T>(
    errors: &mut Vec<BlockError>,
    result: Result<T, BlockError>,
) -> Option<T> {
    result.map_err(|error| errors.push(error)).ok()
}

/// An optional key read by `read`: `Some(None)` when left out, `None` when given but wrong (its
/// error added to `errors`), so a block reads every key before it stops.
pub(crate) fn optional<K, T>(
    errors: &mut Vec<BlockError>,
    key: Option<&K>,
    read: impl FnOnce(&K) -> Result<T, BlockError>,
) -> Option<Option<T>> {
    match key {
        None => Some(None),
        Some(key) => ok_or_record(errors, read(key)).map(Some),
    }
}

/// A built-in kind's run on `input` and its widget's data: the example's `name`, the kind, the
/// program the run runs and its inputs (as compute-widget.js runs any compute example's), then
/// the kind's own `keys`, which may read the run (a descent's slider marks its largest stable
/// rate), so the page's numbers and the widget's come from one program. An input the kind's
/// table reads as a count (a descent's `steps`) is written whole, as the author wrote it.
fn run_kind<K: KindInput>(
    input: &K,
    name: &str,
    keys: impl FnOnce(&KindRun) -> serde_json::Value,
) -> Result<(KindRun, serde_json::Value), ComputeError> {
    let program = input.template()?;
    let run = input.run(&program)?;
    let mut ran = serde_json::json!(program);
    let count = |name: &str| {
        (K::TABLE.sources.iter())
            .any(|(known, source)| *known == name && matches!(source, Source::Count(_)))
    };
    for pair in ran["inputs"].as_array_mut().into_iter().flatten() {
        if let (true, Some(x)) = (pair[0].as_str().is_some_and(count), pair[1].as_f64()) {
            pair[1] = (x as u64).into();
        }
    }
    let mut widget = serde_json::json!({
        "name": name,
        "kind": K::TABLE.kind,
        "steps": ran["steps"],
        "inputs": ran["inputs"],
    });
    if let (Some(widget), serde_json::Value::Object(keys)) = (widget.as_object_mut(), keys(&run)) {
        widget.extend(keys);
    }
    Ok((run, widget))
}

/// Example names are used in references (`{{cat.weights}}`), so they must read as identifiers.
/// Returns the block's error list, holding the name's problem if it has one, for the block's
/// other checks to add to.
pub(crate) fn name_problems(name: &toml::Spanned<String>) -> Vec<BlockError> {
    let mut chars = name.get_ref().chars();
    let valid = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid {
        Vec::new()
    } else {
        vec![BlockError::new(
            name.span(),
            format!("\"{}\" cannot be used as an example name", name.get_ref()),
        )
        .help("use letters, digits and `_`, starting with a letter, e.g. name = \"cat\"")]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_text_maps_indented_lines_back_to_the_file() {
        let file = SourceFile::new(
            "a.md",
            "- item\n\n  ```attention\n  name = \"x\"\n  heads = 2\n  ```\n",
        );
        let body_start = file.text.find("name").unwrap();
        let body_end = file.text.rfind("  ```").unwrap();
        let body = BlockText::new(
            &file,
            "name = \"x\"\nheads = 2\n".into(),
            body_start..body_end,
        );
        let heads = body.text.find("heads").unwrap();
        assert_eq!(
            &file.text[body.file_offset(heads)..body.file_offset(heads) + 5],
            "heads"
        );
    }

    #[test]
    fn show_is_true_unless_written_false_and_must_be_a_boolean() {
        let read = |text: &str| {
            #[derive(serde::Deserialize)]
            struct Spec {
                show: Option<toml::Spanned<toml::Value>>,
            }
            let spec: Spec = toml::from_str(text).unwrap();
            show_card(spec.show.as_ref())
        };
        assert!(read("").unwrap());
        assert!(read("show = true").unwrap());
        assert!(!read("show = false").unwrap());
        let text = "show = \"no\"";
        let error = read(text).unwrap_err();
        assert_eq!(&text[error.span.clone()], "\"no\"");
        assert_eq!(error.message, "`show` must be true or false, but is \"no\"");
        assert!(read("show = 0").is_err());
    }

    #[test]
    fn a_kind_block_that_does_not_parse_is_told_its_keys_in_order() {
        type Evaluate = fn(&str) -> Result<ParsedExample, Vec<BlockError>>;
        let said = |evaluate: Evaluate| {
            let error = evaluate("oops = 1").unwrap_err().remove(0);
            (error.message, error.help.unwrap_or_default())
        };
        let common = ", [expect] (optional), show (optional)";
        let (message, help) = said(attention::evaluate);
        assert_eq!(message, "invalid example: unknown field `oops`, expected one of `name`, `tokens`, `embeddings`, `w_q`, `w_k`, `w_v`, `w_o`, `causal`, `heads`, `expect`, `show`");
        assert_eq!(help, format!("keys of this block: name, tokens, embeddings, w_q, w_k, w_v, w_o (optional), causal (optional), heads (optional){common}"));
        let (_, help) = said(softmax::evaluate);
        assert_eq!(help, format!("keys of this block: name, logits, labels (optional), temperature (optional), target (optional), temperatures (optional){common}"));
        let (_, help) = said(vectors::evaluate);
        assert_eq!(
            help,
            format!("keys of this block: name, names, vectors, project (optional){common}")
        );
        let (_, help) = said(gradient_descent::evaluate);
        assert_eq!(
            help,
            format!("keys of this block: name, points, start, learning_rate, steps{common}")
        );
    }

    #[test]
    fn info_strings_choose_the_block_kind() {
        assert_eq!(
            block_kind("attention"),
            Some(BlockKind::Example(ExampleKind::Attention))
        );
        assert_eq!(
            block_kind("gradient_descent"),
            Some(BlockKind::Example(ExampleKind::GradientDescent))
        );
        assert_eq!(
            block_kind("compute"),
            Some(BlockKind::Example(ExampleKind::Compute))
        );
        assert_eq!(block_kind("widget extra"), Some(BlockKind::Widget));
        assert_eq!(block_kind("rust"), None);
    }
}
