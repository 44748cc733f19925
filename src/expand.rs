//! Expanding a lesson's event stream: example blocks are evaluated and removed, widgets are
//! placed, and every `{{ … }}` reference becomes its computed value.
//!
//! Input: a lesson and its parsed events. Output: new events (references in prose become
//! `<span class="worked-ref">` HTML, references in math become LaTeX inside the math event), the
//! evaluated examples, what scripts the page needs, and every problem with its exact position.
//! The author's text is never rewritten as a string: only the events that hold a reference are
//! split, so every other span stays true to the file.

use crate::blocks::{self, BlockKind, BlockText, ExampleBlock};
use crate::compute::ops::{self, Op};
use crate::compute::{Evaluated, Quantity};
use crate::content::Lesson;
use crate::diagnostics::Diagnostic;
use crate::markdown::{self, Spanned};
use crate::present::figure::{self, FigureOptions};
use crate::present::latex::quantity_latex;
use crate::present::table::{escape_html, quantity_prose, quantity_table};
use crate::present::Precision;
use crate::reference::{self, ComputeFilter, Filter, Placeholder, Reference};
use crate::source::SourceFile;
use crate::typed_numbers::find_typed_numbers;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::ops::Range;

/// A lesson after expansion.
pub struct Expanded<'a> {
    /// Events ready for heading ids, typesetting and HTML.
    pub events: Vec<Spanned<'a>>,
    /// Evaluated examples, in the order they appear.
    pub examples: Vec<ExampleBlock>,
    /// Reader-side scripts this page needs (e.g. the widget), in load order.
    pub scripts: Vec<&'static str>,
    /// Extra stylesheets this page needs.
    pub stylesheets: BTreeSet<&'static str>,
    /// Numbers in prose or math that no reference produced.
    pub typed_numbers: Vec<Diagnostic>,
}

/// What the widget of one example kind needs.
struct WidgetKind {
    /// The `data-widget` value its script mounts on.
    data_widget: &'static str,
    /// Scripts relative to the output root, in the order they must run.
    scripts: &'static [&'static str],
    /// Quantities printed inside the widget for readers without JavaScript, with captions.
    shown_without_script: &'static [(&'static str, &'static str)],
}

fn widget_kind(evaluated: &Evaluated) -> Option<WidgetKind> {
    match evaluated {
        Evaluated::Attention(_) => Some(WidgetKind {
            data_widget: "attention",
            scripts: &[
                "js/attention-compute.js",
                "js/worked-format.js",
                "js/worked-refs.js",
                "js/widget-common.js",
                "js/attention-widget.js",
            ],
            shown_without_script: &[
                ("q", "Queries Q"),
                ("k", "Keys K"),
                ("v", "Values V"),
                ("scores", "Scores QKᵀ"),
                ("scaled", "Scaled scores QKᵀ/√dₖ"),
                ("weights", "Attention weights A"),
                ("output", "Output Z = AV"),
            ],
        }),
        Evaluated::Softmax(_) => Some(WidgetKind {
            data_widget: "softmax",
            scripts: &[
                "js/softmax-compute.js",
                "js/worked-format.js",
                "js/worked-refs.js",
                "js/widget-common.js",
                "js/softmax-widget.js",
            ],
            shown_without_script: &[
                ("probabilities", "Probabilities"),
                ("loss", "Cross-entropy loss"),
                (
                    "gradient",
                    "Gradient of the loss with respect to the logits",
                ),
            ],
        }),
        Evaluated::GradientDescent(_) => Some(WidgetKind {
            data_widget: "gradient_descent",
            scripts: &[
                "js/descent-compute.js",
                "js/worked-format.js",
                "js/worked-refs.js",
                "js/widget-common.js",
                "js/descent-widget.js",
            ],
            shown_without_script: &[
                ("final_w", "w after the last step"),
                ("final_b", "b after the last step"),
                ("final_loss", "loss after the last step"),
                ("diverged_at", "diverged at step"),
            ],
        }),
        Evaluated::Vectors(_) => None,
    }
}

const WIDGET_STYLESHEET: &str = "widget.css";
/// Styles of ` ```figure ` pictures, relative to the output root.
const FIGURE_STYLESHEET: &str = "figures.css";

/// Expands one lesson; `decimals` is the book's default precision.
pub fn expand_lesson<'a>(
    lesson: &'a Lesson,
    events: Vec<Spanned<'a>>,
    decimals: usize,
) -> Result<Expanded<'a>, Vec<Diagnostic>> {
    let file = &lesson.source;
    let mut problems = Vec::new();
    let (examples, failed_examples) = collect_examples(file, &events, &mut problems);
    let mut expander = Expander {
        file,
        examples: &examples,
        failed_examples: &failed_examples,
        decimals,
        problems,
        typed_numbers: Vec::new(),
        scripts: Vec::new(),
        stylesheets: BTreeSet::new(),
        figures: 0,
    };
    let events = expander.expand(events);
    let Expander {
        problems,
        typed_numbers,
        scripts,
        stylesheets,
        ..
    } = expander;
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Expanded {
        events,
        examples,
        scripts,
        stylesheets,
        typed_numbers,
    })
}

/// Evaluates every example block of a lesson without expanding anything (for `worked eval`).
pub fn evaluate_examples(lesson: &Lesson) -> Result<Vec<ExampleBlock>, Vec<Diagnostic>> {
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let mut problems = Vec::new();
    let (examples, _) = collect_examples(&lesson.source, &events, &mut problems);
    if problems.is_empty() {
        Ok(examples)
    } else {
        Err(problems)
    }
}

/// The body of the fenced block that starts at `events[start]`, and the index after its end.
fn block_body(file: &SourceFile, events: &[Spanned<'_>], start: usize) -> (BlockText, usize) {
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

fn fenced_kind(event: &Event<'_>) -> Option<BlockKind> {
    match event {
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => blocks::block_kind(info),
        _ => None,
    }
}

/// Evaluated examples, and the names of those that failed (whose problems are reported once,
/// at the block, rather than again at every reference to them).
fn collect_examples(
    file: &SourceFile,
    events: &[Spanned<'_>],
    problems: &mut Vec<Diagnostic>,
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
        match blocks::evaluate_example(file, kind, &body) {
            Ok(example) => {
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

struct Expander<'x> {
    file: &'x SourceFile,
    examples: &'x [ExampleBlock],
    failed_examples: &'x BTreeSet<String>,
    decimals: usize,
    problems: Vec<Diagnostic>,
    typed_numbers: Vec<Diagnostic>,
    scripts: Vec<&'static str>,
    stylesheets: BTreeSet<&'static str>,
    /// Figures placed so far: numbers each figure's ids so none repeat on the page.
    figures: usize,
}

impl<'x> Expander<'x> {
    fn expand<'a>(&mut self, events: Vec<Spanned<'a>>) -> Vec<Spanned<'a>> {
        let mut out = Vec::with_capacity(events.len());
        let mut index = 0;
        while index < events.len() {
            if let Some(kind) = fenced_kind(&events[index].0) {
                let (body, next) = block_body(self.file, &events, index);
                match kind {
                    BlockKind::Example(_) => {}
                    BlockKind::Widget => {
                        if let Some(html) = self.widget(&body) {
                            out.push((Event::Html(CowStr::from(html)), events[index].1.clone()));
                        }
                    }
                    BlockKind::Figure => {
                        if let Some(html) = self.figure(&body) {
                            out.push((Event::Html(CowStr::from(html)), events[index].1.clone()));
                        }
                    }
                }
                index = next;
                continue;
            }
            if let Event::Start(Tag::CodeBlock(_)) = &events[index].0 {
                // Ordinary code is shown as written: no references, no typed-number checks.
                while index < events.len() {
                    let done = matches!(events[index].0, Event::End(TagEnd::CodeBlock));
                    out.push(events[index].clone());
                    index += 1;
                    if done {
                        break;
                    }
                }
                continue;
            }
            if let Some(table) = self.lone_matrix_paragraph(&events[index..]) {
                out.push((Event::Html(CowStr::from(table)), events[index].1.clone()));
                index += 3;
                continue;
            }
            let (event, range) = &events[index];
            match event {
                Event::Text(text) => self.expand_text(text, range.clone(), &mut out),
                Event::InlineMath(tex) => self.push_math(tex, false, range.clone(), &mut out),
                Event::DisplayMath(tex) => self.push_math(tex, true, range.clone(), &mut out),
                other => out.push((other.clone(), range.clone())),
            }
            index += 1;
        }
        out
    }

    /// A paragraph holding only `{{ example.matrix }}` becomes a table.
    fn lone_matrix_paragraph(&self, events: &[Spanned<'_>]) -> Option<String> {
        let [(Event::Start(Tag::Paragraph), _), (Event::Text(text), _), (Event::End(TagEnd::Paragraph), _), ..] =
            events
        else {
            return None;
        };
        let trimmed = text.trim();
        let found = reference::find_placeholders(trimmed);
        let [(whole, inner)] = found.as_slice() else {
            return None;
        };
        if *whole != (0..trimmed.len()) {
            return None;
        }
        let Ok(Placeholder::Value(reference)) = reference::parse(&trimmed[inner.clone()]) else {
            return None;
        };
        // Anything but a matrix (or a reference that fails) is left to `expand_text`, which
        // prints it inline or reports the problem once.
        let quantity = match resolve_reference(&reference, self.examples) {
            Ok(quantity @ Quantity::Matrix { .. }) => quantity,
            _ => return None,
        };
        let precision = self.precision(&reference);
        let attributes = format!("data-ref=\"{}\"", escape_html(&reference.to_string()));
        quantity_table(&quantity, precision, &attributes, None)
    }

    fn expand_text<'a>(
        &mut self,
        text: &CowStr<'a>,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        let placeholders = reference::find_placeholders(text);
        let mut cursor = 0;
        for (whole, inner) in &placeholders {
            self.plain_text(text, cursor..whole.start, range.clone(), out);
            let span = self.locate(text, range.clone(), whole.start, whole.len());
            if let Some(html) = self.prose_placeholder(
                &text[inner.clone()],
                whole.end <= text.len() && text[whole.clone()].ends_with("}}"),
                span.clone(),
            ) {
                out.push((Event::InlineHtml(CowStr::from(html)), span));
            }
            cursor = whole.end;
        }
        self.plain_text(text, cursor..text.len(), range, out);
    }

    /// Author text between references: kept as it is, and checked for typed numbers.
    fn plain_text<'a>(
        &mut self,
        text: &CowStr<'a>,
        part: Range<usize>,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        if part.is_empty() {
            return;
        }
        let piece = &text[part.clone()];
        if let Some(at) = piece.find("$$") {
            // pulldown-cmark leaves `$$…$$` as text when it cannot be math (most often an
            // unbalanced `{`); without this the page would show raw TeX.
            let span = self.locate(text, range.clone(), part.start + at, 2);
            self.problems.push(
                Diagnostic::at(self.file, span, "this `$$` does not start a formula")
                    .with_label("left as plain text")
                    .with_help("check that the formula's braces balance and that it ends with $$; write \\$\\$ for literal dollar signs"),
            );
        }
        for typed in find_typed_numbers(piece) {
            let span = self.locate(text, range.clone(), part.start + typed.start, typed.len());
            self.typed_numbers
                .push(typed_number(self.file, span, &piece[typed]));
        }
        let event_text = if part == (0..text.len()) {
            text.clone()
        } else {
            CowStr::from(piece.to_string())
        };
        out.push((Event::Text(event_text), range));
    }

    fn prose_placeholder(
        &mut self,
        inner: &str,
        closed: bool,
        span: Range<usize>,
    ) -> Option<String> {
        if !closed {
            self.problems.push(unclosed(self.file, span));
            return None;
        }
        match self.parse_placeholder(inner, span.clone())? {
            Placeholder::Literal(text) => Some(format!(
                "<span class=\"worked-literal\">{}</span>",
                escape_html(&text)
            )),
            Placeholder::Value(reference) => {
                let quantity = self.resolve(&reference, span.clone())?;
                let precision = self.precision(&reference);
                match quantity_prose(&quantity, precision, reference.as_list()) {
                    Some(text) => Some(format!(
                        "<span class=\"worked-ref\" data-ref=\"{}\">{}</span>",
                        escape_html(&reference.to_string()),
                        escape_html(&text)
                    )),
                    None => {
                        self.problems.push(
                            Diagnostic::at(self.file, span, format!("{reference} is {}, which does not fit in a sentence", quantity.shape_description()))
                                .with_help("put the reference alone in its own paragraph to show a table, inside $$…$$ to show a matrix, or pick a row with [row]"),
                        );
                        None
                    }
                }
            }
        }
    }

    /// Replaces references inside a formula with LaTeX; `content_start` is the file offset
    /// of the formula's first character after its `$` or `$$`.
    fn expand_math(&mut self, tex: &str, content_start: usize) -> (String, Vec<String>) {
        let placeholders = reference::find_placeholders(tex);
        let mut references = Vec::new();
        let mut out = String::with_capacity(tex.len());
        let mut cursor = 0;
        let check_typed = |expander: &mut Self, part: Range<usize>| {
            for typed in find_typed_numbers(&tex[part.clone()]) {
                let start = content_start + part.start + typed.start;
                let span = start..start + typed.len();
                expander.typed_numbers.push(typed_number(
                    expander.file,
                    span,
                    &tex[part.clone()][typed],
                ));
            }
        };
        for (whole, inner) in &placeholders {
            check_typed(self, cursor..whole.start);
            out.push_str(&tex[cursor..whole.start]);
            let span = content_start + whole.start..content_start + whole.end;
            cursor = whole.end;
            if !tex[whole.clone()].ends_with("}}") {
                self.problems.push(unclosed(self.file, span));
                continue;
            }
            match self.parse_placeholder(&tex[inner.clone()], span.clone()) {
                Some(Placeholder::Literal(text)) => out.push_str(&text),
                Some(Placeholder::Value(reference)) => {
                    if let Some(quantity) = self.resolve(&reference, span) {
                        out.push_str(&quantity_latex(
                            &quantity,
                            self.precision(&reference),
                            reference.as_list(),
                        ));
                        references.push(reference.to_string());
                    }
                }
                None => {}
            }
        }
        check_typed(self, cursor..tex.len());
        out.push_str(&tex[cursor..]);
        (out, references)
    }

    /// Pushes a formula; one that shows computed values is wrapped in a span naming its
    /// references, so `worked check --site` can tell which numbers a page got wrong.
    fn push_math<'a>(
        &mut self,
        tex: &str,
        display: bool,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        let delimiter = if display { 2 } else { 1 };
        let (tex, references) = self.expand_math(tex, range.start + delimiter);
        let tex = CowStr::from(tex);
        let event = if display {
            Event::DisplayMath(tex)
        } else {
            Event::InlineMath(tex)
        };
        if references.is_empty() {
            out.push((event, range));
            return;
        }
        let open = format!(
            "<span class=\"worked-math\" data-refs=\"{}\">",
            escape_html(&references.join(" "))
        );
        out.push((Event::InlineHtml(CowStr::from(open)), range.clone()));
        out.push((event, range.clone()));
        out.push((Event::InlineHtml(CowStr::from("</span>")), range));
    }

    fn parse_placeholder(&mut self, inner: &str, span: Range<usize>) -> Option<Placeholder> {
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

    fn precision(&self, reference: &Reference) -> Precision {
        match reference.precision() {
            Some(Filter::Decimals(count)) => Precision::Decimals(*count),
            Some(Filter::Significant(count)) => Precision::Significant(*count),
            _ => Precision::Decimals(self.decimals),
        }
    }

    /// Looks a reference up and applies its filters; problems are recorded at `span`.
    fn resolve(&mut self, reference: &Reference, span: Range<usize>) -> Option<Quantity> {
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
    fn mentions_failed_example(&self, reference: &Reference) -> bool {
        self.failed_examples.contains(&reference.example)
            || reference.filters.iter().any(|filter| match filter {
                Filter::Compute(ComputeFilter::Dot(other)) => self.mentions_failed_example(other),
                _ => false,
            })
    }

    /// The file span of `length` bytes at `offset` in an event's text. Where the text is the
    /// file's text (no escapes or entities), that is exact; otherwise find it in the event's range.
    fn locate(
        &self,
        text: &str,
        range: Range<usize>,
        offset: usize,
        length: usize,
    ) -> Range<usize> {
        let source = &self.file.text[range.clone()];
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

    /// A ` ```widget ` block: the live widget's mount point, with the inputs as JSON and the
    /// generated matrices for readers without JavaScript.
    fn widget(&mut self, body: &BlockText) -> Option<String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct WidgetSpec {
            example: toml::Spanned<String>,
        }
        let spec: WidgetSpec = self.block_spec(
            body,
            "widget",
            "a widget block holds one key: example = \"<name of an attention, softmax or gradient_descent example>\"",
        )?;
        let (example, span) = self.named_example(&spec.example, body)?;
        let name = &example.name;
        let Some(kind) = widget_kind(&example.evaluated) else {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    span,
                    format!("\"{name}\" is a {} example, which has no widget", example.kind.name()),
                )
                .with_help("widgets work with attention, softmax and gradient_descent examples; a figure block can draw this one"),
            );
            return None;
        };
        for script in kind.scripts {
            if !self.scripts.contains(script) {
                self.scripts.push(script);
            }
        }
        self.stylesheets.insert(WIDGET_STYLESHEET);
        let mut data = example.inputs.clone();
        data["decimals"] = serde_json::Value::from(self.decimals);
        // `<` never appears raw inside the JSON, so no text can close the <script> element.
        let json = data.to_string().replace('<', "\\u003c");
        let mut html = format!(
            "<figure class=\"worked-widget\" data-widget=\"{}\" data-example=\"{}\">\n<script type=\"application/json\" data-example-data>{json}</script>\n<div class=\"worked-widget-static\">\n",
            kind.data_widget,
            escape_html(name)
        );
        let precision = Precision::Decimals(self.decimals);
        let mut values = String::new();
        for (quantity_name, caption) in kind.shown_without_script {
            let Some(quantity) = example.evaluated.quantity(quantity_name) else {
                continue;
            };
            let reference = escape_html(&format!("{name}.{quantity_name}"));
            let attributes = format!("data-matrix=\"{quantity_name}\" data-ref=\"{reference}\"");
            if let Some(table) = quantity_table(&quantity, precision, &attributes, Some(caption)) {
                html.push_str(&table);
                html.push('\n');
            } else if let Some(text) = quantity_prose(&quantity, precision, false) {
                values.push_str(&format!(
                    "<dt>{}</dt><dd data-value=\"{quantity_name}\" data-ref=\"{reference}\">{}</dd>",
                    escape_html(caption),
                    escape_html(&text)
                ));
            }
        }
        if !values.is_empty() {
            html.push_str(&format!("<dl class=\"worked-values\">{values}</dl>\n"));
        }
        html.push_str("</div>\n</figure>\n");
        Some(html)
    }
}

impl<'x> Expander<'x> {
    /// Reads the TOML of a widget or figure block; a problem is recorded at its place.
    fn block_spec<T: serde::de::DeserializeOwned>(
        &mut self,
        body: &BlockText,
        what: &str,
        help: &str,
    ) -> Option<T> {
        match toml::from_str(&body.text) {
            Ok(spec) => Some(spec),
            Err(error) => {
                let span = body.file_span(error.span().unwrap_or(0..0));
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!("invalid {what}: {}", error.message().trim()),
                    )
                    .with_help(help),
                );
                None
            }
        }
    }

    /// The example a widget or figure names, with the file span of the name. An example whose
    /// own block failed was reported there already, so it is skipped quietly.
    fn named_example(
        &mut self,
        name: &toml::Spanned<String>,
        body: &BlockText,
    ) -> Option<(&'x ExampleBlock, Range<usize>)> {
        let span = body.file_span(name.span());
        let examples = self.examples;
        if let Some(example) = examples
            .iter()
            .find(|example| &example.name == name.get_ref())
        {
            return Some((example, span));
        }
        if !self.failed_examples.contains(name.get_ref()) {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    span,
                    format!("no example named \"{}\" in this lesson", name.get_ref()),
                )
                .with_help(example_names(examples)),
            );
        }
        None
    }

    /// A ` ```figure ` block: an inline SVG picture of an example's numbers, drawn now.
    fn figure(&mut self, body: &BlockText) -> Option<String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct FigureSpec {
            example: toml::Spanned<String>,
            caption: Option<toml::Spanned<String>>,
        }
        let spec: FigureSpec = self.block_spec(
            body,
            "figure",
            "a figure block holds example = \"<name of an example>\" and optionally caption = \"…\"",
        )?;
        let (example, span) = self.named_example(&spec.example, body)?;
        let name = &example.name;
        self.figures += 1;
        let options = FigureOptions {
            example: name.clone(),
            id_prefix: format!("wf-{name}-{}", self.figures),
            decimals: self.decimals,
            caption_html: spec
                .caption
                .as_ref()
                .map(|caption| self.caption_html(caption, body)),
        };
        let drawn = match &example.evaluated {
            Evaluated::Softmax(result) => Ok(figure::softmax_figure(result, &options)),
            Evaluated::Vectors(result) => figure::vectors_figure(result, &options)
                .map_err(|error| (error.message, error.help)),
            Evaluated::GradientDescent(result) => {
                Ok(figure::gradient_descent_figure(result, &options))
            }
            Evaluated::Attention(_) => Err((
                format!("\"{name}\" is an attention example, which has no figure"),
                "figures draw softmax, vectors and gradient_descent examples; for attention, place a ```widget".to_string(),
            )),
        };
        match drawn {
            Ok(html) => {
                self.stylesheets.insert(FIGURE_STYLESHEET);
                Some(html)
            }
            Err((message, help)) => {
                self.problems
                    .push(Diagnostic::at(self.file, span, message).with_help(help));
                None
            }
        }
    }

    /// A caption is prose: its references are expanded and its typed numbers reported, like
    /// any sentence of the lesson, and the rest is escaped.
    fn caption_html(&mut self, caption: &toml::Spanned<String>, body: &BlockText) -> String {
        let text = caption.get_ref();
        let range = body.file_span(caption.span());
        let mut html = String::new();
        let mut cursor = 0;
        let placeholders = reference::find_placeholders(text);
        for (whole, inner) in placeholders
            .iter()
            .map(|(whole, inner)| (whole.clone(), Some(inner.clone())))
            .chain([(text.len()..text.len(), None)])
        {
            let plain = &text[cursor..whole.start];
            for typed in find_typed_numbers(plain) {
                let span = self.locate(text, range.clone(), cursor + typed.start, typed.len());
                self.typed_numbers
                    .push(typed_number(self.file, span, &plain[typed]));
            }
            html.push_str(&escape_html(plain));
            if let Some(inner) = inner {
                let span = self.locate(text, range.clone(), whole.start, whole.len());
                let closed = text[whole.clone()].ends_with("}}");
                if let Some(value) = self.prose_placeholder(&text[inner], closed, span) {
                    html.push_str(&value);
                }
            }
            cursor = whole.end;
        }
        html
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
            Filter::List | Filter::Decimals(_) | Filter::Significant(_) => continue,
        };
        value = ops::apply(&op, value)
            .map_err(|error| (format!("{}: {}", reference, error.message), error.hint))?;
    }
    Ok(value)
}

fn example_names(examples: &[ExampleBlock]) -> String {
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

fn unclosed(file: &SourceFile, span: Range<usize>) -> Diagnostic {
    Diagnostic::at(
        file,
        span.start..span.start + 2,
        "this `{{` is never closed",
    )
    .with_help("end the reference with }}")
}

fn typed_number(file: &SourceFile, span: Range<usize>, text: &str) -> Diagnostic {
    Diagnostic::at(file, span, format!("the number {text} looks typed by hand"))
        .with_label("not produced by a reference")
        .with_help(format!(
            "print a computed value with {{{{ example.quantity[…] }}}}, or mark a deliberate literal as {{{{ literal {text} }}}}"
        ))
}
