//! Problems found in a book, reported the way authors need them.
//!
//! A [`Diagnostic`] names the file, line and column, says what is wrong and what to do. Stages
//! collect every diagnostic they find instead of stopping at the first, so one `worked check`
//! shows all the work left. Rendering goes through miette, so the offending line is quoted with
//! a caret under the exact span; the headline keeps the grep-able `file:line:column: message` form.
//!
//! Output stays bounded whatever the input: a quoted line is clipped to [`QUOTE_WIDTH`]
//! characters around the span (miette also cannot draw a caret past column 65,535), and a list
//! reports at most [`MAX_PER_FILE_AND_KIND`] problems of one kind per file, then "and N more".

use crate::base::source::SourceFile;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteSpanContents, SourceSpan};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

/// Most characters of a source line a diagnostic quotes; longer lines are clipped around the
/// span, with `…` where text was left out.
pub const QUOTE_WIDTH: usize = 160;

/// Most problems of one kind reported for one file; the rest are summed up in one line.
pub const MAX_PER_FILE_AND_KIND: usize = 20;

/// The kind of an unreadable file or folder.
const IO_KIND: &str = "unreadable file";

/// The kind of a problem that was given none: repeats are capped per file all the same.
const DEFAULT_KIND: &str = "problem";

/// One problem, with where it is (when known) and a hint on how to fix it.
///
/// Boxed inside, so `Result<T, Diagnostic>` stays one pointer wide on the happy path.
#[derive(Debug, Clone)]
pub struct Diagnostic(Box<Details>);

#[derive(Debug, Clone)]
struct Details {
    message: String,
    location: Option<Location>,
    label: Option<String>,
    help: Option<String>,
    warning: bool,
    kind: &'static str,
}

#[derive(Debug, Clone)]
struct Location {
    file: SourceFile,
    span: Range<usize>,
}

/// Longest message, label or hint, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2 * QUOTE_WIDTH + 80;

/// A message, label or hint with every quoted value held to [`QUOTE_WIDTH`] characters and the
/// whole to [`MAX_MESSAGE_CHARS`]: messages quote the author's input (a 900-digit number, a
/// name, a list of a block's names), which can be any length. A quote is a run without spaces
/// (the one thing a message's own words never make that long), cut with `…`.
fn bounded(text: String) -> String {
    let long_run = text
        .split(char::is_whitespace)
        .any(|run| run.chars().nth(QUOTE_WIDTH).is_some());
    if !long_run && text.chars().nth(MAX_MESSAGE_CHARS).is_none() {
        return text;
    }
    let mut out = String::new();
    let (mut run, mut kept) = (0, 0);
    for c in text.chars() {
        run = if c.is_whitespace() { 0 } else { run + 1 };
        if run > QUOTE_WIDTH {
            continue;
        }
        out.push(if run == QUOTE_WIDTH { '…' } else { c });
        kept += 1;
        if kept == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
    }
    out
}

impl Diagnostic {
    /// A problem that belongs to no particular place (an unreadable folder, a missing `content/`).
    pub fn general(message: impl Into<String>) -> Self {
        Diagnostic(Box::new(Details {
            message: bounded(message.into()),
            location: None,
            label: None,
            help: None,
            warning: false,
            kind: DEFAULT_KIND,
        }))
    }

    /// A file or folder that could not be read: not the book's fault, so commands exit with the
    /// I/O code (2) rather than the content code (1).
    pub fn io(message: impl Into<String>) -> Self {
        Diagnostic::general(message).with_kind(IO_KIND)
    }

    /// Whether this is an I/O problem (see [`Diagnostic::io`]).
    pub fn is_io(&self) -> bool {
        self.0.kind == IO_KIND
    }

    /// A problem at a byte range of a file.
    /// In a lesson with includes expanded, the place is in the file the text came from.
    pub fn at(file: &SourceFile, span: Range<usize>, message: impl Into<String>) -> Self {
        let (file, span) = file.origin_of(span);
        let file = &file;
        let start = span.start.min(file.text.len());
        let end = span.end.clamp(start, file.text.len());
        Diagnostic(Box::new(Details {
            message: bounded(message.into()),
            location: Some(Location {
                file: file.clone(),
                span: start..end,
            }),
            label: None,
            help: None,
            warning: false,
            kind: DEFAULT_KIND,
        }))
    }

    /// Adds a short note shown under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.0.label = Some(bounded(label.into()));
        self
    }

    /// Adds what the author should do.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.0.help = Some(bounded(help.into()));
        self
    }

    /// Marks the problem as one that does not stop a build (shown as `warning:`).
    pub fn into_warning(mut self) -> Self {
        self.0.warning = true;
        self
    }

    /// Names the kind of problem (e.g. "typed number"), so a list of many shows a few of each
    /// kind per file and counts the rest.
    pub fn with_kind(mut self, kind: &'static str) -> Self {
        self.0.kind = kind;
        self
    }

    /// Adds help only when there is some.
    pub fn with_optional_help(self, help: Option<String>) -> Self {
        match help {
            Some(help) => self.with_help(help),
            None => self,
        }
    }

    /// The kind named by [`Diagnostic::with_kind`] (`"problem"` when none was).
    pub fn kind(&self) -> &'static str {
        self.0.kind
    }

    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The hint, if any.
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }

    /// `path:line:column` of the start of the span, if the problem has a place.
    pub fn position(&self) -> Option<String> {
        self.0.location.as_ref().map(|location| {
            let at = location.file.line_column(location.span.start);
            format!("{}:{}:{}", location.file.path, at.line, at.column)
        })
    }

    /// The 1-based line of the start of the span, if the problem has a place.
    pub fn line(&self) -> Option<usize> {
        self.0
            .location
            .as_ref()
            .map(|location| location.file.line_column(location.span.start).line)
    }

    /// The file this problem is in, if any.
    pub fn path(&self) -> Option<&str> {
        self.0
            .location
            .as_ref()
            .map(|location| location.file.path.as_str())
    }

    /// Renders the diagnostic for a terminal or a log, without colour so logs stay readable.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut theme = GraphicalTheme::unicode_nocolor();
        theme.characters.error = "error:".to_string();
        theme.characters.warning = "warning:".to_string();
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(120)
            .with_links(false);
        let rendered = match self.clipped() {
            Some(clipped) => handler.render_report(&mut out, &clipped),
            None => handler.render_report(&mut out, self),
        };
        if rendered.is_err() {
            out = self.to_string();
        }
        out
    }

    /// The same problem quoting only a window of its line, when that line or a neighbour that
    /// miette would quote as context is wider than [`QUOTE_WIDTH`].
    fn clipped(&self) -> Option<Clipped<'_>> {
        let location = self.0.location.as_ref()?;
        let file = &location.file;
        let at = file.line_column(location.span.start);
        let line_text = |line: usize| -> &str {
            let Some(start) = file.line_start(line) else {
                return "";
            };
            let end = file.line_start(line + 1).unwrap_or(file.text.len());
            file.text[start..end].trim_end_matches(['\n', '\r'])
        };
        let wide = (at.line.saturating_sub(1)..=at.line + 1)
            .any(|line| line_text(line).chars().count() > QUOTE_WIDTH);
        if !wide {
            return None;
        }
        let line_start = file.line_start(at.line)?;
        let text = line_text(at.line);
        let total = text.chars().count();
        let first = (at.column - 1).saturating_sub(QUOTE_WIDTH / 4);
        let last = (first + QUOTE_WIDTH).min(total);
        let byte_of = |chars: usize| {
            text.char_indices()
                .nth(chars)
                .map_or(text.len(), |(at, _)| at)
        };
        let (from, to) = (byte_of(first), byte_of(last));
        let prefix = if first > 0 { "…" } else { "" };
        let suffix = if last < total { "…" } else { "" };
        let window = format!("{prefix}{}{suffix}", &text[from..to]);
        // A span may start past the quoted text: at the end of the file, or on a line end such
        // as a lone `\r` that the quote trims. Its label then marks the end of the window.
        let start_in_line = (location.span.start - line_start).min(to);
        let end_in_line = (location.span.end.saturating_sub(line_start)).clamp(start_in_line, to);
        let label_start = prefix.len() + (start_in_line - from);
        let label_end = prefix.len() + (end_in_line - from);
        Some(Clipped {
            diagnostic: self,
            window: Window {
                name: file.path.clone(),
                text: window,
                line: at.line - 1,
                label_column: at.column - 1,
                label: label_start..label_end,
            },
        })
    }
}

/// A diagnostic shown with a window of its line instead of the whole file.
#[derive(Debug)]
struct Clipped<'a> {
    diagnostic: &'a Diagnostic,
    window: Window,
}

/// One clipped line, carrying the true line and column for miette's `[path:line:col]` header.
#[derive(Debug)]
struct Window {
    name: String,
    text: String,
    /// 0-based line of the window in the file.
    line: usize,
    /// 0-based column of the span's start in the file.
    label_column: usize,
    /// The span, in bytes of `text`.
    label: Range<usize>,
}

impl fmt::Display for Clipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostic.fmt(f)
    }
}

impl std::error::Error for Clipped<'_> {}

impl miette::Diagnostic for Clipped<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::help(self.diagnostic)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.window)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.diagnostic.0.label.clone(),
            SourceSpan::from(self.window.label.clone()),
        ))))
    }
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        // The window is one line, so any context asked for is that whole line.
        let lines =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let column = if span.offset() == self.label.start {
            self.label_column
        } else {
            lines.column()
        };
        Ok(named(&self.name, lines, self.line, column))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position() {
            Some(position) => write!(f, "{position}: {}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.0.warning {
            miette::Severity::Warning
        } else {
            miette::Severity::Error
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0
            .location
            .as_ref()
            .map(|location| &location.file as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let location = self.0.location.as_ref()?;
        let span =
            SourceSpan::from(location.span.start..location.span.end.max(location.span.start));
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.0.label.clone(),
            span,
        ))))
    }
}

impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let lines =
            self.text
                .as_ref()
                .read_span(span, context_lines_before, context_lines_after)?;
        // miette counts the column of the `╭─[path:line:col]` header in bytes and from the
        // byte-order mark; read with no context, the data starts at the span, so give the
        // column in characters as the headline does.
        let column = if context_lines_before == 0 && context_lines_after == 0 {
            self.line_column(span.offset()).column - 1
        } else {
            lines.column()
        };
        let line = lines.line();
        Ok(named(&self.path, lines, line, column))
    }
}

/// The same quoted lines, carrying the file name for the `╭─[path:line:col]` header and the
/// line and column (0-based) that header shows.
fn named<'a>(
    name: &str,
    lines: Box<dyn miette::SpanContents<'a> + 'a>,
    line: usize,
    column: usize,
) -> Box<dyn miette::SpanContents<'a> + 'a> {
    Box::new(MietteSpanContents::new_named(
        name.to_string(),
        lines.data(),
        *lines.span(),
        line,
        column,
        lines.line_count(),
    ))
}

/// Renders many diagnostics, one after another, ending with a count (of all of them, shown or
/// not: see [`MAX_PER_FILE_AND_KIND`]).
pub fn render_all(diagnostics: &[Diagnostic]) -> String {
    let mut out = render_capped(diagnostics, |diagnostic| diagnostic.render());
    let count = diagnostics.len();
    out.push_str(&format!(
        "{count} error{} found\n",
        if count == 1 { "" } else { "s" }
    ));
    out
}

/// Renders problems that do not stop a build, as warnings, capped like [`render_all`].
pub fn render_warnings(warnings: &[Diagnostic]) -> String {
    render_capped(warnings, |warning| warning.clone().into_warning().render())
}

/// The first [`MAX_PER_FILE_AND_KIND`] problems of each kind in each file, in order, then one
/// "and N more" line per file and kind that had more.
fn render_capped(diagnostics: &[Diagnostic], render: impl Fn(&Diagnostic) -> String) -> String {
    let mut out = String::new();
    let mut seen: BTreeMap<(Option<&str>, &str), usize> = BTreeMap::new();
    for diagnostic in diagnostics {
        let count = seen
            .entry((diagnostic.path(), diagnostic.0.kind))
            .or_default();
        *count += 1;
        if *count <= MAX_PER_FILE_AND_KIND {
            out.push_str(&render(diagnostic));
            out.push('\n');
        }
    }
    for ((path, kind), count) in seen {
        if count > MAX_PER_FILE_AND_KIND {
            let more = count - MAX_PER_FILE_AND_KIND;
            let place = path.map(|path| format!(" in {path}")).unwrap_or_default();
            out.push_str(&format!(
                "… and {more} more {kind}{}{place} (fix these and run again to see them)\n",
                if more == 1 { "" } else { "s" }
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_and_long_messages_are_cut() {
        let number = "1".repeat(900);
        let problem = Diagnostic::general(format!("the number {number} is too large"))
            .with_help(format!("mark it as {{{{ literal {number} }}}}"));
        let quoted = problem.message().split(' ').nth(2).unwrap();
        assert_eq!(quoted.chars().count(), QUOTE_WIDTH);
        assert!(quoted.ends_with('…') && problem.message().ends_with(" is too large"));
        assert!(problem.help().unwrap().chars().count() < 2 * QUOTE_WIDTH);
        let names = vec!["name"; 200_000].join(", ");
        let listed = Diagnostic::general(format!("its quantities: {names}"));
        assert_eq!(listed.message().chars().count(), MAX_MESSAGE_CHARS + 1);
        let short = "a short message, left exactly as it is";
        assert_eq!(Diagnostic::general(short).message(), short);
    }

    #[test]
    fn headline_names_file_line_and_column() {
        let file = SourceFile::new("content/a.md", "one\ntwo {{x}} three\n");
        let diagnostic = Diagnostic::at(&file, 8..13, "unknown example \"x\"");
        assert_eq!(
            diagnostic.to_string(),
            "content/a.md:2:5: unknown example \"x\""
        );
    }

    #[test]
    fn rendering_quotes_the_line_and_the_help() {
        let file = SourceFile::new("content/a.md", "one\ntwo {{x}} three\n");
        let rendered = Diagnostic::at(&file, 8..13, "unknown example \"x\"")
            .with_label("not defined in this lesson")
            .with_help("define it in an example block")
            .render();
        assert!(
            rendered.contains("content/a.md:2:5: unknown example"),
            "{rendered}"
        );
        assert!(rendered.contains("two {{x}} three"), "{rendered}");
        assert!(
            rendered.contains("not defined in this lesson"),
            "{rendered}"
        );
        assert!(
            rendered.contains("define it in an example block"),
            "{rendered}"
        );
    }

    #[test]
    fn a_general_problem_has_no_position() {
        let diagnostic = Diagnostic::general("no content/ folder");
        assert_eq!(diagnostic.position(), None);
        assert_eq!(diagnostic.to_string(), "no content/ folder");
    }

    #[test]
    fn a_problem_past_column_65535_renders_with_a_clipped_quote() {
        let line = format!("{} {{{{nope.x}}}} {}", "a".repeat(70_000), "b".repeat(500));
        let file = SourceFile::new("content/long.md", format!("title\n{line}\nend\n"));
        let start = 6 + 70_001;
        let rendered = Diagnostic::at(&file, start..start + 12, "unknown example \"nope\"")
            .with_label("here")
            .render();
        assert!(
            rendered.contains("content/long.md:2:70002: unknown example"),
            "{rendered}"
        );
        assert!(rendered.contains("[content/long.md:2:70002]"), "{rendered}");
        assert!(rendered.contains("…"), "{rendered}");
        assert!(rendered.contains("{{nope.x}}"), "{rendered}");
        assert!(rendered.len() < 2_000, "{} bytes", rendered.len());
    }

    #[test]
    fn a_problem_at_the_end_of_a_wide_line_ending_in_a_carriage_return_renders() {
        // Found by fuzzing a bib: the span began after the `\r` the quote trims.
        let text = format!("@{}\r", "2".repeat(300));
        let file = SourceFile::new("references.bib", text.clone());
        for start in [text.len() - 1, text.len()] {
            let rendered = Diagnostic::at(&file, start..text.len(), "an entry is not closed")
                .with_label("here")
                .render();
            assert!(rendered.contains("references.bib:1:"), "{rendered}");
            assert!(rendered.contains("…222"), "{rendered}");
            assert!(rendered.len() < 2_000, "{} bytes", rendered.len());
        }
    }

    #[test]
    fn a_short_line_beside_a_huge_one_is_not_quoted_with_it() {
        let file = SourceFile::new("a.md", format!("{}\nshort {{{{x}}}}\n", "z".repeat(5_000)));
        let start = 5_001 + 6;
        let rendered = Diagnostic::at(&file, start..start + 5, "unknown example").render();
        assert!(rendered.contains("short {{x}}"), "{rendered}");
        assert!(rendered.len() < 2_000, "{} bytes", rendered.len());
    }

    #[test]
    fn many_problems_of_one_kind_in_a_file_are_counted_after_the_first_few() {
        let file = SourceFile::new("a.md", "0.5 ".repeat(1_000));
        let typed: Vec<Diagnostic> = (0..1_000)
            .map(|at| {
                Diagnostic::at(&file, at * 4..at * 4 + 3, "a number typed by hand")
                    .with_kind("typed number")
            })
            .chain(std::iter::once(Diagnostic::at(
                &file,
                0..1,
                "another problem",
            )))
            .collect();
        let rendered = render_all(&typed);
        assert_eq!(
            rendered.matches("a number typed by hand").count(),
            MAX_PER_FILE_AND_KIND
        );
        assert!(
            rendered.contains("another problem"),
            "other kinds still show"
        );
        assert!(
            rendered.contains("… and 980 more typed numbers in a.md"),
            "{rendered}"
        );
        assert!(rendered.ends_with("1001 errors found\n"), "{rendered}");
        assert!(rendered.len() < 200_000, "{} bytes", rendered.len());
    }
}
